/** The part of the Web Locks API the replayer uses. */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export const REPLAY_LOCK = 'shortlink-queue-replay';

/** `navigator.locks` where it exists (extension pages and service workers), else null. */
export function defaultLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/**
 * Runs `fn` holding the replay lock, or returns `busy()` at once when another
 * context (popup, options page, a second worker) is already replaying. Without
 * Web Locks the caller's in-process guard is the only one.
 */
export async function withReplayLock<T>(locks: LockManagerLike | null, fn: () => Promise<T>, busy: () => T): Promise<T> {
  if (!locks) return fn();
  return locks.request(REPLAY_LOCK, { ifAvailable: true }, async (lock) => (lock ? fn() : busy()));
}
