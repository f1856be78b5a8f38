import type { Analytics } from '../../lib/api/schemas/analytics';
import type { Db } from '../db/open';
import { advAnalytics } from './blocks/adv-analytics';
import { browserCounts } from './blocks/browser-counts';
import { clickTrends } from './blocks/click-trends';
import { clickedCountries } from './blocks/clicked-countries';
import { dailyTotals } from './blocks/daily-totals';
import { daywiseDevices } from './blocks/daywise-devices';
import { freeUserData } from './blocks/free-user-data';
import { hourDayClicks } from './blocks/hour-day-clicks';
import { monthYearPlatform } from './blocks/month-year-platform';
import { placeCounts } from './blocks/place-counts';
import { topBrowsers, topCities, topDevices, topPlatforms, topStates } from './blocks/top-lists';
import { statement } from './statement-cache';

/**
 * The analytics of one link in interface.md's shape, from the click rollups
 * (migration 002-clicks.sql): SQL aggregates over a few thousand rollup rows
 * at most, then shaping. Windows are UTC days and months ending at `now`
 * (see utc-windows.ts). Every block is present, empty, with no clicks.
 * Ownership of the link is the caller's check.
 */
export function computeAnalytics(db: Db, linkId: string, now: Date): Analytics {
  // One read transaction, so every block sees the same clicks even if a flush commits meanwhile.
  return db.transaction((): Analytics => {
    const totalClicks =
      statement<[string], number | null>(db, 'SELECT sum(clicks) FROM click_hours WHERE link_id = ?').pluck().get(linkId) ?? 0;
    const countries = placeCounts(db, linkId, 'country');
    const states = placeCounts(db, linkId, 'state');
    const cities = placeCounts(db, linkId, 'city');
    const devices = dailyTotals(db, linkId, 'device');
    return {
      freeUserData: freeUserData(totalClicks, { countries, states, cities, devices }),
      linkDetailsData: {
        topBrowsers: topBrowsers(browserCounts(db, linkId)),
        topDevices: topDevices(devices),
        topPlatforms: topPlatforms(dailyTotals(db, linkId, 'platform')),
        daywiseDevices: daywiseDevices(db, linkId, now),
        topStates: topStates(states),
        topCities: topCities(cities),
        clickTrends: clickTrends(db, linkId, now),
        monthYearPlatform: monthYearPlatform(db, linkId, now),
        hourDayClicks: hourDayClicks(db, linkId),
        clickedCountries: clickedCountries(countries),
      },
      advanceAnalyticsData: advAnalytics(db, linkId),
    };
  })();
}
