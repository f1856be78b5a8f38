/**
 * When two addresses are the same page for "You already have a link to this
 * page": the same address in the link cache's normal form, or, when the user
 * says so (the setting samePageIgnoresCampaign), the same once their
 * campaign parameters (utm_*) are left out. Only for comparing: what is sent
 * is never this key.
 */
import { cacheKeyOf } from '../storage/keys';

const CAMPAIGN_PARAM = /^utm_/i;

export function samePageKey(url: string, ignoreCampaign: boolean): string {
  const key = cacheKeyOf(url);
  if (!ignoreCampaign) return key;
  let parsed: URL;
  try {
    parsed = new URL(key);
  } catch {
    return key;
  }
  const kept = [...parsed.searchParams].filter(([name]) => !CAMPAIGN_PARAM.test(name));
  if (kept.length === [...parsed.searchParams].length) return key;
  parsed.search = new URLSearchParams(kept).toString();
  return parsed.href;
}
