/**
 * The offline queue's records. An entry is plain JSON (docs/design.md, Offline
 * queue): it survives the service worker, holds no token, and says how far
 * compound work got.
 */
import type { CreateLinkBody, CreateTagBody, Link, TrackLeadBody, TrackSaleBody, UpdateLinkBody } from '../contract/schemas';
import type { CachedLink } from '../storage/links';

export interface CreateLinkPayload {
  body: CreateLinkBody;
  /** Set on the new link after it is made (a second request). */
  tags?: string[];
  /** What the background does when a queued shorten finishes. */
  copy?: boolean;
  notify?: boolean;
  /**
   * One URL of a bulk batch (lib/background/bulk/bulk-batch.ts): its batch and
   * place in it. The batch says when it ends, in one notification; the item
   * neither notifies nor copies, and its failure is listed on the bulk page.
   */
  batch?: { id: string; index: number };
}

/** Written after the create step succeeds, so a retry only sets the tags. */
export interface CreateLinkProgress {
  linkId: string;
  shortUrl: string;
  /** Local clock at the create, for the link cache; the service's date replaces it once known. */
  createdDate: string;
}

/**
 * One entry per kind: what is queued, how far it got, what finishing gives.
 * A new kind is a line here and a handler in ./handlers.ts.
 */
export interface QueueKinds {
  'create-link': { payload: CreateLinkPayload; progress: CreateLinkProgress; result: { link: CachedLink } };
  'update-link': { payload: UpdateLinkBody; progress: never; result: Link };
  'create-tag': { payload: CreateTagBody; progress: never; result: string };
  'track-lead': { payload: TrackLeadBody; progress: never; result: TrackResult };
  'track-sale': { payload: TrackSaleBody; progress: never; result: TrackResult };
}

/** The service's answer to a recorded lead or sale: `timestamp` is when it stored the event. */
export interface TrackResult {
  success: boolean;
  timestamp: string;
}

export type QueueKind = keyof QueueKinds;
export type QueueState = 'pending' | 'failed' | 'paused';
export type PayloadOf<K extends QueueKind> = QueueKinds[K]['payload'];
export type ProgressOf<K extends QueueKind> = QueueKinds[K]['progress'];
export type ResultOf<K extends QueueKind> = QueueKinds[K]['result'];

/**
 * Why an item is not finished: a code the pages put in words from the
 * catalogue (lib/i18n/describe-error.ts), the values its message is filled with,
 * and `message` only when the service said something itself (its error
 * envelope): the extension's own sentences never go here.
 */
export interface QueueError {
  code: string;
  message?: string;
  values?: string[];
}

/**
 * The profile an item was made under (docs/design.md, Offline queue): it replays
 * against this profile's service with this profile's token, whichever profile
 * is active by then. The token itself is never stored here: it is read from
 * the profile when the item is sent.
 */
export interface QueueProfile {
  id: string;
  baseUrl: string;
  workspaceId: string;
}

export interface QueueItemOf<K extends QueueKind> {
  /** Sorts in creation order. */
  id: string;
  kind: K;
  createdAt: number;
  /** Sends tried so far (counted before each send, so a crash mid-send counts). */
  attempts: number;
  nextAttemptAt: number;
  /** Made when the user first asked; every retry of the first request reuses it. */
  idempotencyKey: string;
  payload: PayloadOf<K>;
  progress: ProgressOf<K> | null;
  /** Absent on items queued before profiles existed: those replay against the active profile, as they did. */
  profile?: QueueProfile;
  state: QueueState;
  lastError?: QueueError;
  /**
   * Set while the page or worker that made the item is sending it itself
   * (OfflineQueue.runNow): not counted as waiting, so the badge does not flash
   * during every online shorten. Past it, the item is an ordinary pending one.
   */
  heldUntil?: number;
  /**
   * What was asked, as ./join.ts writes it (a shorten: the profile, the
   * link's fields and tags): a second request for the same thing while this
   * item waits or is being sent joins it instead of making a second item.
   */
  joinKey?: string;
  /**
   * The user said "Send again" to an unknown outcome older than the service
   * keeps its answers (./stale-outcome.ts): it is sent without asking the
   * service's list first.
   */
  resendConfirmed?: true;
}

/** Any queue item, discriminated by `kind`. */
export type QueueItem = { [K in QueueKind]: QueueItemOf<K> }[QueueKind];

/** What a replay did; `nextAttemptAt` is when the next pending item is due (for an alarm). */
export interface ReplayReport {
  /** True when another replayer held the lock and this call did nothing. */
  skipped: boolean;
  done: number;
  retried: number;
  failed: number;
  paused: boolean;
  /** Items still waiting (pending + paused). */
  remaining: number;
  nextAttemptAt: number | null;
}

export interface QueueStatus {
  pending: number;
  paused: number;
  failed: number;
  nextAttemptAt: number | null;
  /** Changes on every write, so a page watching this key sees attempts and errors change too. */
  changedAt: number;
}

/** Who finished an item: `ranNow` when a caller of `runNow` waits for it and shows it itself. */
export interface DoneContext {
  ranNow: boolean;
}

/**
 * How `OfflineQueue.runNow` went. `item` is as stored last: its `progress`
 * says whether compound work got past a step (e.g. the link exists, only its
 * tags failed).
 */
export type RunOutcome<K extends QueueKind> =
  | { status: 'done'; item: QueueItemOf<K>; result: ResultOf<K> }
  /**
   * Retryable, or the outcome is unknown: the item waits in the queue under its key.
   * `joined`: an item asking the same already waited (./join.ts); this request is that item.
   */
  | { status: 'queued'; item: QueueItemOf<K>; error: unknown; joined?: true }
  /** A final answer: the item is gone, and the caller shows why. */
  | { status: 'refused'; item: QueueItemOf<K>; error: unknown };
