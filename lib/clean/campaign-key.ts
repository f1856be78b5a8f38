/** Campaign parameters (`utm_source`, `utm_medium`, …): added on purpose, so never tracking junk to clean. */
export function isCampaignKey(key: string): boolean {
  return key.toLowerCase().startsWith('utm_');
}
