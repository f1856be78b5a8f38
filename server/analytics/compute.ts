import type { Analytics } from '../../lib/contract/schemas/analytics';
import type { Sql } from '../db/sql';
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

/**
 * The analytics of one link in docs/interface.md's shape, from the click rollups
 * (migration 002-clicks.sql): SQL aggregates over a few thousand rollup rows
 * at most, then shaping. Windows end at `now`: months and hours of the day
 * are UTC (see utc-windows.ts); the days of daywiseDevices and clickTrends
 * are those of `zone` (a name requestZone in zone-days.ts gave), UTC days by
 * default, and `timeZone` in the answer names it. Visits by known bots are
 * in no rollup; `botClicks` says how many there were (links.bot_clicks,
 * migration 009-bot-clicks.sql). Every block is present, empty, with no
 * clicks. Ownership of the link is the caller's check.
 */
export function computeAnalytics(db: Sql, linkId: string, now: Date, zone = 'UTC'): Promise<Analytics> {
  // One read transaction, so every block sees the same clicks even if a flush commits meanwhile.
  // The queries are sent together: on PostgreSQL they are pipelined on the transaction's connection.
  return db.transaction(
    async (): Promise<Analytics> => {
      const [total, bots, countries, states, cities, devices, browsers, platforms, daywise, trends, months, hours, adv] = await Promise.all([
        db.get<{ n: number | null }>('SELECT sum(clicks) AS n FROM click_hours WHERE link_id = ?', [linkId]),
        db.get<{ n: number | string | null }>('SELECT bot_clicks AS n FROM links WHERE id = ?', [linkId]),
        placeCounts(db, linkId, 'country'),
        placeCounts(db, linkId, 'state'),
        placeCounts(db, linkId, 'city'),
        dailyTotals(db, linkId, 'device'),
        browserCounts(db, linkId),
        dailyTotals(db, linkId, 'platform'),
        daywiseDevices(db, linkId, now, zone),
        clickTrends(db, linkId, now, zone),
        monthYearPlatform(db, linkId, now),
        hourDayClicks(db, linkId),
        advAnalytics(db, linkId),
      ]);
      return {
        freeUserData: freeUserData(total?.n ?? 0, { countries, states, cities, devices }),
        linkDetailsData: {
          topBrowsers: topBrowsers(browsers),
          topDevices: topDevices(devices),
          topPlatforms: topPlatforms(platforms),
          daywiseDevices: daywise,
          topStates: topStates(states),
          topCities: topCities(cities),
          clickTrends: trends,
          monthYearPlatform: months,
          hourDayClicks: hours,
          clickedCountries: clickedCountries(countries),
        },
        advanceAnalyticsData: adv,
        timeZone: zone,
        botClicks: Number(bots?.n ?? 0),
      };
    },
    { snapshot: true },
  );
}
