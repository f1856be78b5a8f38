/**
 * The request for a customised link (a keyword, tags, a domain, campaign
 * values), built in the customise panel's lazily loaded part rather than the
 * popup's first load; the popup's controller hands it the URL being
 * customised and the link this popup made, and sends what comes back.
 */
import type { UtmValues } from '../campaign/utm';
import type { LinkView, ShortenRequest } from '../messaging/send-message';

export interface CustomAsk {
  /** '' when only the campaign values change: a new link with a random keyword. */
  keyword: string;
  tags: string[];
  /** '' the service's own domain; absent the user's default. */
  customDomain?: string;
  /** Only the campaign fields that changed; absent when none did (a site rule's template then applies as usual). */
  utm?: Partial<UtmValues>;
}

/** Builds the request for `url`; `made`: the link this popup made (not found in the cache), which the new one replaces. */
export type CustomBuild = (url: string, made: LinkView | null) => ShortenRequest;

export function customRequest(ask: CustomAsk): CustomBuild {
  return (url, made) => ({
    url,
    keywordType: ask.keyword === '' ? 'HASH' : 'CUSTOM',
    ...(ask.keyword === '' ? {} : { keyword: ask.keyword }),
    // A new link even when this URL has one already: that is what Customise asks for.
    force: true,
    tags: ask.tags,
    // Named with its own URL: campaign values give the new link another one, and the old is still replaced.
    ...(made?.longUrl === url ? { replaces: made.linkId, replacesUrl: url } : {}),
    ...(ask.customDomain === undefined ? {} : { customDomain: ask.customDomain }),
    ...(ask.utm === undefined ? {} : { utm: ask.utm }),
  });
}

/**
 * The keyword of a suggested short URL (`https://sho.rt/launch-2` -> `launch-2`):
 * choosing a suggestion creates the link with that keyword.
 */
export function keywordOf(shortUrl: string): string | null {
  try {
    const path = new URL(shortUrl).pathname.replace(/^\/+|\/+$/g, '');
    return path === '' || path.includes('/') ? null : decodeURIComponent(path);
  } catch {
    return null;
  }
}
