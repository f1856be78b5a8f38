/**
 * The one protocol between extension pages and the background: message name
 * -> request and answer types (the style of @webext-core/messaging). Pages
 * call `sendMessage`; the background validates every request against
 * lib/background/message-schemas.ts before a handler sees it.
 *
 * This file holds types and one small function only: the popup imports it
 * and must stay within its byte budget (no valibot here).
 */
import { browser } from 'wxt/browser';
import type { ErrorInfo } from './api/errors';
import type { KeywordType } from './api/schemas/link';
import type { UrlProblem } from './url';

/** What the UI needs to explain a failure (lib/api/errors.ts). Never carries the token. */
export type ErrorView = ErrorInfo;

export interface ShortLinkView {
  shortUrl: string;
  longUrl: string;
  linkId: string;
  createdDate: string;
}

export type ShortenAnswer =
  | { status: 'done'; link: ShortLinkView; fromCache: boolean }
  | { status: 'queued'; itemId: string }
  | { status: 'keyword-taken'; recommendedUrls: string[] }
  | { status: 'error'; error: ErrorView }
  | { status: 'not-configured' }
  | { status: 'invalid-url'; problem: UrlProblem };

export interface ShortenRequest {
  url: string;
  keywordType?: KeywordType;
  keyword?: string;
  /** A set-up custom domain of the workspace; absent: the user's default. */
  customDomain?: string;
  /** Skip the local cache (a customised link for an already shortened URL). */
  force?: boolean;
}

export interface ConnectionInput {
  baseUrl: string;
  token: string;
  workspaceId: string;
}

export type ConnectionField = keyof ConnectionInput;

export type TestConnectionAnswer =
  | { ok: true; workspaceId: string; linkCount: number }
  | {
      ok: false;
      problem:
        | 'not-configured'
        | 'no-permission'
        | 'unreachable'
        | 'timeout'
        | 'refused-token'
        | 'workspace-not-granted'
        | 'service-error'
        | 'invalid-response';
      message?: string;
    };

export type SaveConnectionAnswer =
  | { ok: true }
  | { ok: false; problems: Partial<Record<ConnectionField, string>> };

export interface QueueItemView {
  id: string;
  /** What the item makes: the long URL of a link, the tag of a tag. */
  subject: string;
  /** pending: sent again automatically; paused: waits for a working token; failed: the service refused it. */
  state: 'pending' | 'paused' | 'failed';
  createdAt: number;
  attempts: number;
  /** Why the last attempt failed, in the service's words when it gave some. */
  message?: string;
}

export interface QueueStatus {
  items: QueueItemView[];
  /** The service refused the token: nothing is sent until the connection is fixed. */
  pausedForAuth: boolean;
}

export interface RecentLinkView {
  shortUrl: string;
  longUrl: string;
  linkId: string;
  createdDate: string;
}

/** Everything the popup needs to draw its first frame, in one round trip to the background. */
export interface PopupState {
  configured: boolean;
  autoShorten: boolean;
  copyToClipboard: boolean;
  keywordType: KeywordType;
  /** The link already made for the popup's URL, from the local cache (no network). */
  cached: ShortLinkView | null;
  /**
   * Asked with `shortenNow` and the user's defaults say "shorten on open"
   * (HASH keyword): the outcome, from the cache or the service. Saves the
   * popup a second round trip to the background.
   */
  shortened?: ShortenAnswer;
  recent: RecentLinkView[];
}

export interface PreferencesView {
  autoShorten: boolean;
  copyToClipboard: boolean;
  keywordType: KeywordType;
  /** A set-up custom domain of the workspace; '' for the service's own domain. */
  defaultDomain: string;
  notifyQueued: boolean;
}

export interface SettingsView {
  /** null until a connection is saved. Options is an extension page: it may show the token it saved. */
  connection: ConnectionInput | null;
  preferences: PreferencesView;
}

/** Message name -> request and answer. */
export interface ProtocolMap {
  popupState: { request: { url?: string; shortenNow?: boolean }; answer: PopupState };
  shorten: { request: ShortenRequest; answer: ShortenAnswer };
  getCachedLink: { request: { url: string }; answer: ShortLinkView | null };
  recentLinks: { request: { limit?: number }; answer: RecentLinkView[] };
  getSettings: { request: Record<string, never>; answer: SettingsView };
  saveConnection: { request: ConnectionInput; answer: SaveConnectionAnswer };
  savePreferences: { request: PreferencesView; answer: { ok: true } | { ok: false; problem: string } };
  testConnection: { request: Record<string, never>; answer: TestConnectionAnswer };
  queueStatus: { request: Record<string, never>; answer: QueueStatus };
  retryQueue: { request: Record<string, never>; answer: QueueStatus };
  discardQueueItem: { request: { id: string }; answer: QueueStatus };
  copyText: { request: { text: string }; answer: { copied: boolean } };
}

export type MessageName = keyof ProtocolMap;
export type RequestOf<N extends MessageName> = ProtocolMap[N]['request'];
export type AnswerOf<N extends MessageName> = ProtocolMap[N]['answer'];

/** What travels to the background. */
export interface Envelope<N extends MessageName = MessageName> {
  type: N;
  data: RequestOf<N>;
}

/** What travels back: a handler's answer, or why there is none. */
export type Reply<N extends MessageName = MessageName> =
  | { ok: true; value: AnswerOf<N> }
  | { ok: false; error: string };

/** Thrown in a page when the background could not answer (bug or rejected message). */
export class MessageError extends Error {
  override name = 'MessageError';
}

export async function sendMessage<N extends MessageName>(type: N, data: RequestOf<N>): Promise<AnswerOf<N>> {
  const envelope: Envelope<N> = { type, data };
  const reply = (await browser.runtime.sendMessage(envelope)) as Reply<N> | undefined;
  if (reply === undefined) throw new MessageError(`No answer to ${type}`);
  if (!reply.ok) throw new MessageError(reply.error);
  return reply.value;
}
