/**
 * How long to wait before retrying a failed click write: the flush interval,
 * doubled per failure in a row, never more than `maxMs`. A full disk is not
 * hammered, and clicks are written soon after it frees.
 */
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}

/** Longest wait between retries unless the recorder is told otherwise. */
export const DEFAULT_RETRY_MAX_MS = 30_000;
