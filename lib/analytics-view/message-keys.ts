/**
 * Catalogue keys this model hands to pages instead of words (docs/design.md: every
 * word on screen comes from `_locales`). They are not in messages.json yet:
 * the page that renders the model adds them with its own wording.
 */
export const ANALYTICS_MESSAGE_KEYS = [
  // Titles used when the block's own `display.title` is missing or unusable.
  'analyticsScoreCard',
  'analyticsClickTrends',
  'analyticsTopBrowsers',
  'analyticsTopDevices',
  'analyticsTopPlatforms',
  'analyticsDaywiseDevices',
  'analyticsMonthYearPlatform',
  'analyticsHourDayClicks',
  'analyticsClickedCountries',
  'analyticsTopStates',
  'analyticsTopCities',
  'analyticsAdvancedPie',
  'analyticsAdvancedTree',
  // Each advanced view's own heading (the service sends one name for all four in other languages).
  'analyticsAdvPowerParity',
  'analyticsAdvLiteracy',
  'analyticsAdvUpi',
  'analyticsAdvAge',
  // The advanced views' buckets, by the names the service gives them (./service-names.ts).
  'analyticsBucketProsperity',
  'analyticsBucketBalanced',
  'analyticsBucketStruggles',
  'analyticsBucketEducational',
  'analyticsBucketDiverse',
  'analyticsBucketEmerging',
  'analyticsBucketUpiAdvanced',
  'analyticsBucketUpiIntermediate',
  'analyticsBucketUpiBeginners',
  'analyticsBucketYouthful',
  'analyticsBucketAgeBalanced',
  'analyticsBucketYouthDeficient',
  // Devices, by the names the service gives them, and "Unknown" in any list.
  'analyticsDeviceDesktop',
  'analyticsDeviceMobile',
  'analyticsDeviceTablet',
  'analyticsDeviceTv',
  'analyticsDeviceBot',
  'analyticsUnknown',
  // Figures of the score card and the trend.
  'analyticsTotalClicks',
  'analyticsUniqueCountries',
  'analyticsUniqueStates',
  'analyticsUniqueCities',
  'analyticsPercentageChange',
  // Labels made here, not by the service.
  'analyticsOther',
  'analyticsClicks',
  'analyticsUnnamed',
  'analyticsStatesWithClicks',
  'analyticsValue',
  'analyticsTotal',
] as const;

export type AnalyticsMessageKey = (typeof ANALYTICS_MESSAGE_KEYS)[number];
