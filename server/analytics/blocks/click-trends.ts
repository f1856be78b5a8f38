import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { Sql } from '../../db/sql';
import { utcDay } from '../utc-windows';
import { zoneDays } from '../zone-days';

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
 * Clicks in the last 30 days (today and the 29 days before) against the 30
 * days before those. `totalClicks` is the later window's count. UTC days
 * (click_daily) when `zone` is 'UTC', else the zone's local days, from the
 * clicks per UTC hour (zone-days.ts): the same days as daywiseDevices, so the
 * last 7 days of one are part of the 30 of the other.
 */
export async function clickTrends(db: Sql, linkId: string, now: Date, zone = 'UTC'): Promise<Analytics['linkDetailsData']['clickTrends']> {
  let row: { current: number | null; previous: number | null } | undefined;
  if (zone === 'UTC') {
    const today = utcDay(now);
    row = await db.get(
      `SELECT sum(CASE WHEN day >= ? THEN clicks END) AS current, sum(CASE WHEN day < ? THEN clicks END) AS previous
       FROM click_daily WHERE link_id = ? AND day BETWEEN ? AND ?`,
      [today - TREND_DAYS + 1, today - TREND_DAYS + 1, linkId, today - 2 * TREND_DAYS + 1, today],
    );
  } else {
    const days = zoneDays(zone, now);
    const split = days.firstHour(days.today - TREND_DAYS + 1);
    row = await db.get(
      `SELECT sum(CASE WHEN hour >= ? THEN clicks END) AS current, sum(CASE WHEN hour < ? THEN clicks END) AS previous
       FROM click_recent_hours WHERE link_id = ? AND hour >= ? AND hour < ?`,
      [split, split, linkId, days.firstHour(days.today - 2 * TREND_DAYS + 1), days.endHour],
    );
  }
  const current = Number(row?.current ?? 0);
  const previous = Number(row?.previous ?? 0);
  return {
    chart: 'scorecard',
    display: { title: `Clicks in the last ${TREND_DAYS} days` },
    data: { totalClicks: current, percentageIncrease: percentageIncrease(current, previous) },
  };
}
