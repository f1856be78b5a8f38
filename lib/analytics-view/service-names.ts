/**
 * The names the service sends for things of its own making (device kinds,
 * the advanced views' buckets, "Unknown"), as catalogue keys: the page shows
 * the catalogue's words in every language, never the service's English. A
 * name not listed here is data (a browser, a city) or a bucket this version
 * does not know, and is shown as sent.
 */
import type { AdvAnalyticsKey } from '../contract/schemas/adv-analytics-keys';
import type { AnalyticsMessageKey } from './message-keys';

const BUCKETS: Readonly<Record<string, AnalyticsMessageKey>> = {
  'Prosperity Zones': 'analyticsBucketProsperity',
  'Balanced Economies': 'analyticsBucketBalanced',
  'Economic Struggles': 'analyticsBucketStruggles',
  'Educational Frontiers': 'analyticsBucketEducational',
  'Diverse Growth Districts': 'analyticsBucketDiverse',
  'Emerging Development Corridors': 'analyticsBucketEmerging',
  'Advanced UPI Adoption': 'analyticsBucketUpiAdvanced',
  'Intermediate UPI Integration': 'analyticsBucketUpiIntermediate',
  'UPI Beginners': 'analyticsBucketUpiBeginners',
  'Youthful EpiCenters': 'analyticsBucketYouthful',
  'Age-Balanced Environments': 'analyticsBucketAgeBalanced',
  'Youth Deficient Districts': 'analyticsBucketYouthDeficient',
};

const DEVICES: Readonly<Record<string, AnalyticsMessageKey>> = {
  desktop: 'analyticsDeviceDesktop',
  mobile: 'analyticsDeviceMobile',
  tablet: 'analyticsDeviceTablet',
  tv: 'analyticsDeviceTv',
  bot: 'analyticsDeviceBot',
};

/** Each advanced view's heading: the four share one `name` shape but ask different questions. */
export const ADV_TITLE_KEYS: Readonly<Record<AdvAnalyticsKey, AnalyticsMessageKey>> = {
  power_parity_recommendation: 'analyticsAdvPowerParity',
  population_literacy_recommendation: 'analyticsAdvLiteracy',
  upi_penetration_recommendation: 'analyticsAdvUpi',
  age_groups_recommendation: 'analyticsAdvAge',
};

/** "Unknown", as the service counts clicks it could not place or name (server: no User-Agent or geo header). */
const isUnknown = (name: string) => name.trim().toLowerCase() === 'unknown';

export function bucketKey(name: string): AnalyticsMessageKey | undefined {
  return Object.hasOwn(BUCKETS, name.trim()) ? BUCKETS[name.trim()] : undefined;
}

/** A device kind's key ("Mobile"), or "Unknown"'s. */
export function deviceKey(name: string): AnalyticsMessageKey | undefined {
  const lower = name.trim().toLowerCase();
  if (isUnknown(name)) return 'analyticsUnknown';
  return Object.hasOwn(DEVICES, lower) ? DEVICES[lower] : undefined;
}

/** "Unknown" in a list of names that are otherwise data (browsers, platforms, places). */
export function unknownKey(name: string): AnalyticsMessageKey | undefined {
  return isUnknown(name) ? 'analyticsUnknown' : undefined;
}
