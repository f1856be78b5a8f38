import type { AdvAnalyticsKey } from '../contract/schemas/adv-analytics-keys';

/** One chart of the side panel; each of the four advanced views has two. */
export type BlockId =
  | 'scoreCard'
  | 'clickTrends'
  | 'topBrowsers'
  | 'topDevices'
  | 'topPlatforms'
  | 'daywiseDevices'
  | 'monthYearPlatform'
  | 'hourDayClicks'
  | 'clickedCountries'
  | 'topStates'
  | 'topCities'
  | `advPie:${AdvAnalyticsKey}`
  | `advTree:${AdvAnalyticsKey}`;
