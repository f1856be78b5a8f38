/**
 * What the popup shows, as data (lib/popup/controller.ts makes it,
 * entrypoints/popup/app.tsx draws it). Reasons are codes; the page words them.
 */
import type { ErrorView, LinkView, ShortenAnswer, ShortenRequest } from '../messaging/send-message';
import type { UrlProblem } from '../contract/url';
import type { CheckOutcome } from '../watch/watch-outcome';

export type DoneExtra = Omit<Extract<ShortenAnswer, { status: 'done' }>, 'status' | 'link' | 'fromCache'>;
/** Where "Retry" on a queued link got to. */
export type RetryState = 'idle' | 'retrying' | 'still-waiting' | 'refused' | 'created';

/** A link that waits in the offline queue as item `itemId`. */
export interface Queued {
  itemId: string;
  url: string;
  retry: RetryState;
  /** The service answered, but its answer could not be read: the link may exist already (the retry reuses its key). */
  outcomeUnknown: boolean;
}

/**
 * A custom keyword asked for beside what is shown: the link on screen (or
 * the customise form) stays while it is made, and after a keyword is taken.
 */
export type CustomState =
  | { state: 'idle' }
  | { state: 'saving' }
  /** The keyword is taken; `urls`: the free short links the service offered (maybe none). */
  | { state: 'taken'; urls: string[] }
  | { state: 'queued'; queued: Queued }
  | { state: 'error'; error: ErrorView; retry: ShortenRequest };

export const CUSTOM_IDLE: CustomState = { state: 'idle' };

export type PopupView =
  | { kind: 'loading' }
  | { kind: 'not-configured' }
  /** `reason`: the tab's address cannot be shortened, or why the typed one was refused. */
  | { kind: 'ask-url'; url: string; reason?: 'unshortenable' | UrlProblem }
  | { kind: 'working'; url: string }
  /** The user's default is a custom keyword: no link until one is chosen. */
  | { kind: 'customise'; url: string; custom: CustomState }
  /** `extra`: what else the background said of a customised link (its tags, the link it replaced). */
  | { kind: 'done'; link: LinkView; fromCache: boolean; extra?: DoneExtra; custom: CustomState }
  | ({ kind: 'queued' } & Queued)
  /** Another profile (`profile`) has a link to the page: Copy it, or make one here (`url`). */
  | { kind: 'elsewhere'; url: string; profile: string; link: LinkView }
  /** The page is itself broken: the warning, and "Shorten anyway" (`url`). */
  | { kind: 'page-problem'; url: string; problem: CheckOutcome }
  /** `retry`: what "Retry" sends; null when there is nothing to send again. */
  | { kind: 'error'; error: ErrorView; retry: ShortenRequest | null };

export type CopyState = 'copied' | 'failed';

/** What was copied last, shown on that one thing only: the shown link (RESULT_COPY) or a recent link (its id). */
export interface CopyFlash {
  key: string;
  state: CopyState;
}

export const RESULT_COPY = 'result';

export interface PopupModel {
  view: PopupView;
  /**
   * The recent links the local cache holds, shown until the service's list
   * replaces them (components/popup/recent-links.tsx); null while unknown or when
   * not connected (no section).
   */
  recent: LinkView[] | null;
  copyToClipboard: boolean;
  /** Cleared a moment after a copy that worked; a failed one stays, since the user must copy by hand. */
  copied: CopyFlash | null;
}

export const INITIAL_POPUP: PopupModel = { view: { kind: 'loading' }, recent: null, copyToClipboard: true, copied: null };

/** The URL a custom keyword applies to, when the view offers one. */
export function customUrlOf(view: PopupView): string | null {
  if (view.kind === 'customise') return view.url;
  if (view.kind === 'done') return view.link.longUrl;
  return null;
}

/** The queued link the view is about: the popup's own, or a customised one beside the shown link. */
export function queuedOf(view: PopupView): Queued | null {
  if (view.kind === 'queued') return view;
  if ((view.kind === 'done' || view.kind === 'customise') && view.custom.state === 'queued') return view.custom.queued;
  return null;
}
