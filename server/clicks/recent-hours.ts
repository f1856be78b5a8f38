/**
 * How long the rollup of clicks per UTC hour (click_recent_hours, migration
 * 008-recent-hours.sql) keeps its rows, and when a click writer deletes the
 * older ones. The analytics read at most the last 60 local days from it
 * (server/analytics/zone-days.ts); 62 days leave a day either side for the
 * zones' offsets. "Now" is the latest click a writer has stored: each time it
 * passes into a new hour, the writer deletes the rows of hours that aged out,
 * one DELETE along the index on hour, in a short transaction of its own
 * before the batch's. Clicks older than the window (a late batch, a seed)
 * are not written to it.
 */
export const RECENT_HOURS_KEPT = 62 * 24;

export interface RecentWindow {
  /**
   * Notes a batch's latest click (its epoch hour); returns the first hour
   * kept: rows of earlier hours are neither written nor left.
   */
  advance(latestHour: number): number;
  /** The hour before which rows are to be deleted now, or null when they already were. */
  due(): number | null;
  /** The rows before `firstKept` are gone (the delete committed). */
  pruned(firstKept: number): void;
}

export function createRecentWindow(): RecentWindow {
  let latest = -1;
  let prunedBefore = -1;
  const firstKept = () => latest - RECENT_HOURS_KEPT + 1;
  return {
    advance(latestHour) {
      if (latestHour > latest) latest = latestHour;
      return firstKept();
    },
    due: () => (latest >= 0 && firstKept() > prunedBefore ? firstKept() : null),
    pruned(before) {
      if (before > prunedBefore) prunedBefore = before;
    },
  };
}

/** The statement that deletes the rows of hours that aged out (param: the first hour kept). */
export const PRUNE_RECENT_HOURS = 'DELETE FROM click_recent_hours WHERE hour < ?';

/** The epoch hour of the latest of `rows`' clicks; -1 for none. */
export function latestHourOf(rows: Iterable<{ atMs: number }>): number {
  let latest = -1;
  for (const row of rows) {
    const hour = Math.floor(row.atMs / 3_600_000);
    if (hour > latest) latest = hour;
  }
  return latest;
}
