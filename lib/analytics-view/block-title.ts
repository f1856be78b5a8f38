import type { BlockId } from './block-id';
import type { AnalyticsMessageKey } from './message-keys';

const SIMPLE: Record<Exclude<BlockId, `adv${string}`>, AnalyticsMessageKey> = {
  scoreCard: 'analyticsScoreCard',
  clickTrends: 'analyticsClickTrends',
  topBrowsers: 'analyticsTopBrowsers',
  topDevices: 'analyticsTopDevices',
  topPlatforms: 'analyticsTopPlatforms',
  daywiseDevices: 'analyticsDaywiseDevices',
  monthYearPlatform: 'analyticsMonthYearPlatform',
  hourDayClicks: 'analyticsHourDayClicks',
  clickedCountries: 'analyticsClickedCountries',
  topStates: 'analyticsTopStates',
  topCities: 'analyticsTopCities',
};

/**
 * The catalogue title of a block that has no spec (missing, malformed,
 * empty): its empty state still needs a heading that says which block it is.
 */
export function blockTitleKey(id: BlockId): AnalyticsMessageKey {
  if (id.startsWith('advPie:')) return 'analyticsAdvancedPie';
  if (id.startsWith('advTree:')) return 'analyticsAdvancedTree';
  return SIMPLE[id as keyof typeof SIMPLE];
}
