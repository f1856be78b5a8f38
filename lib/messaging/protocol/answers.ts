/**
 * The answers many messages share: why the service did not do it, or that it
 * will later. A message's answer is a variant on `status`: its own `done`
 * (and any outcome of its own) beside these, so every page reads a refusal
 * the same way.
 */
import * as v from 'valibot';
import type { ErrorInfo } from '../../api/errors';
import { keysOf } from './fields';

/** What a page needs to explain a failure (lib/api/errors.ts, ErrorInfo). Never carries the token. */
export const ErrorViewSchema = v.object({
  kind: v.picklist(
    keysOf<ErrorInfo['kind']>({
      service: true,
      unauthorized: true,
      'rate-limited': true,
      network: true,
      timeout: true,
      'invalid-response': true,
      'invalid-input': true,
      internal: true,
    }),
  ),
  code: v.optional(v.string()),
  message: v.string(),
  /** What the catalogue message for `code` is filled with, e.g. the offending tag. */
  values: v.optional(v.array(v.string())),
});

/** The service refused it, or could not be asked: `error.kind` says which. */
export const ErrorAnswerSchema = v.object({ status: v.literal('error'), error: ErrorViewSchema });

/** No connection is saved yet: pages say so calmly rather than show an error. */
export const NotConfiguredAnswerSchema = v.object({ status: v.literal('not-configured') });

/** The service could not take it now (offline, timeout, 429, 5xx): it waits in the offline queue as item `itemId`. */
export const QueuedAnswerSchema = v.object({ status: v.literal('queued'), itemId: v.string() });

/** Spread into a message's answer variant: the two ways a message that needs the service comes back without its result. */
export const REFUSED = [ErrorAnswerSchema, NotConfiguredAnswerSchema] as const;
