import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { Sql } from '../../db/sql';
import { utcDay } from '../utc-windows';

/** Length of the trend window, and of the window it is compared with. */
export const TREND_DAYS = 30;

/**
 * Change from the earlier window to the later one, in whole per cent (rounded
 * half away from zero). With no clicks in the earlier window there is no
 * ratio: the answer is 100 when the later window has clicks (from nothing to
 * something) and 0 when both are empty.
 */
export function percentageIncrease(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  const change = ((current - previous) / previous) * 100;
  return Math.sign(change) * Math.round(Math.abs(change));
}

/**
 * Clicks in the last 30 UTC days (today and the 29 days before) against the
 * 30 days before those. `totalClicks` is the later window's count.
 */
export async function clickTrends(db: Sql, linkId: string, now: Date): Promise<Analytics['linkDetailsData']['clickTrends']> {
  const today = utcDay(now);
  const row = await db.get<{ current: number | null; previous: number | null }>(
    `SELECT sum(CASE WHEN day >= ? THEN clicks END) AS current, sum(CASE WHEN day < ? THEN clicks END) AS previous
     FROM click_daily WHERE link_id = ? AND day BETWEEN ? AND ?`,
    [today - TREND_DAYS + 1, today - TREND_DAYS + 1, linkId, today - 2 * TREND_DAYS + 1, today],
  );
  const current = row?.current ?? 0;
  const previous = row?.previous ?? 0;
  return {
    chart: 'scorecard',
    display: { title: `Clicks in the last ${TREND_DAYS} days` },
    data: { totalClicks: current, percentageIncrease: percentageIncrease(current, previous) },
  };
}
