/**
 * Whether people clicked a link in the last 7 days: what makes a link that
 * has just broken worth a notification. The service's analytics answer says
 * it (daywiseDevices: clicks per day for the last 7 days, bots left out),
 * asked only for a link found broken, so a run over thousands of fine links
 * asks nothing more. When that answer cannot be had, a rise in the link's
 * click count since its previous check stands in.
 */
import type { Analytics } from '../contract/schemas/analytics';
import type { WatchRecord } from './watch-record';

const WEEK_DAYS = 7;

/** Clicks on the last 7 days the answer lists (a service sending more days has the older ones left out). */
export function clicksInLastWeek(analytics: Analytics): number {
  const { series } = analytics.linkDetailsData.daywiseDevices.data;
  return series.reduce((total, set) => set.data.slice(-WEEK_DAYS).reduce((sum, n) => sum + n, total), 0);
}

export async function usedLately(record: WatchRecord, prev: WatchRecord | undefined, analytics: () => Promise<Analytics>): Promise<boolean> {
  if (record.totalClicks === 0) return false;
  try {
    return clicksInLastWeek(await analytics()) > 0;
  } catch {
    return prev !== undefined && record.totalClicks > prev.totalClicks;
  }
}
