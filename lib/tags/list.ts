/**
 * What a page knows of the workspace's tags, shared by the popup's customise
 * panel and the options page (each with its own controller), so the options
 * page does not load the panel's keyword rules.
 */
import type { TagProblem } from '../contract/tag-name';
import { NOT_CONFIGURED } from '../api/extension-codes';
import type { ErrorView } from '../messaging/send-message';

export type TagList =
  | { state: 'loading' }
  /** cachedAt: offline, the list as the service last sent it (epoch ms). */
  | { state: 'ready'; names: string[]; cachedAt?: number }
  /** The list could not be had; tags can still be typed. */
  | { state: 'failed'; error: ErrorView };

export type NewTagProblem = TagProblem | 'too-many';

/** Worded by lib/i18n/describe-error.ts: "Not connected to a service yet". */
export const NOT_CONNECTED: ErrorView = { kind: 'invalid-input', code: NOT_CONFIGURED, message: NOT_CONFIGURED };
