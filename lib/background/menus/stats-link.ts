/**
 * Which link a short URL on a page is: "Show stats" on a link knows only its
 * address, the side panel needs the link's id. Links made here are in the
 * local cache (no network); others are looked for in the workspace's list on
 * the service, newest first, over a bounded number of pages.
 */
import type { ApiClient } from '../../api/client';
import { hostOfUrl } from '../../contract/host';
import type { CachedLink, LinkScope } from '../../storage/links';

/** 10 pages of 100: the newest 1,000 links, at most 10 requests for one click. */
export const LOOKUP_PAGES = 10;
const PAGE_SIZE = 100;

/**
 * One form for a short URL: its host (normal form, default port dropped) and
 * path without a trailing slash. Scheme, query and fragment are left out:
 * `http://sho.rt/kw` reaches the same link as `https://sho.rt/kw?ref=x`.
 */
export function shortLinkKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = hostOfUrl(parsed);
  const path = parsed.pathname.replace(/\/+$/, '');
  return host === null || path === '' ? null : `${host.host}${path}`;
}

export interface StatsLinkDeps {
  known(scope: LinkScope): Promise<CachedLink[]>;
  /** Only asked for when the cache does not know the link. */
  client(): Promise<Pick<ApiClient, 'listLinks'>>;
  maxPages?: number;
}

/** The link id of `shortUrl` in `scope`, or null when the workspace has no such link. Throws what the service threw. */
export async function findStatsLink(shortUrl: string, scope: LinkScope, deps: StatsLinkDeps): Promise<string | null> {
  const key = shortLinkKey(shortUrl);
  if (key === null) return null;
  const cached = (await deps.known(scope)).find((link) => shortLinkKey(link.shortUrl) === key);
  if (cached !== undefined) return cached.linkId;
  const client = await deps.client();
  const pages = deps.maxPages ?? LOOKUP_PAGES;
  let cursor: number | null = 0;
  for (let page = 0; page < pages && cursor !== null; page += 1) {
    const answer = await client.listLinks({ workspaceId: scope.workspaceId, pageSize: PAGE_SIZE, cursor, orderBy: 'createdDate', orderType: 'desc' });
    const found = answer.list.find((link) => shortLinkKey(link.shortUrl) === key);
    if (found !== undefined) return found._id;
    const next = answer.pageInfo.cursor;
    // The answer names the next page's cursor; the last page, an empty one or a cursor not moving forward ends the list.
    cursor = !answer.pageInfo.hasNext || answer.list.length === 0 || next <= cursor ? null : next;
  }
  return null;
}
