/**
 * UTC time windows of the analytics: rollups are keyed by UTC day (days since
 * 1970-01-01) and UTC hour, so the answer does not depend on the server's
 * zone, and a client can shift labels to its own zone knowing that. Months
 * and hours of the day are always UTC; the days of daywiseDevices and
 * clickTrends are UTC days unless the request names a zone (`?timeZone=`:
 * zone-days.ts). "Today" is the UTC day containing `now` and counts as a whole
 * day of the window it ends, even though it is not over yet.
 */

export const DAY_MS = 86_400_000;

/** The UTC day number of an instant. */
export function utcDay(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day number. */
export function dayLabel(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export interface MonthWindow {
  /** `YYYY-MM` */
  label: string;
  firstDay: number;
  /** Inclusive. */
  lastDay: number;
}

/** The `count` calendar months (UTC) ending with the one containing `now`, oldest first. */
export function lastMonths(now: Date, count: number): MonthWindow[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const months: MonthWindow[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const first = Date.UTC(year, month - back, 1);
    const next = Date.UTC(year, month - back + 1, 1);
    months.push({
      label: new Date(first).toISOString().slice(0, 7),
      firstDay: first / DAY_MS,
      lastDay: next / DAY_MS - 1,
    });
  }
  return months;
}
