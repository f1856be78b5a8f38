/**
 * "Already shortened" for the bulk page (issue 33): which of a list's URLs
 * the workspace already has a link for, among the links the extension has
 * seen: the link cache and recent list of the active profile (what this
 * browser made, and the pages of the workspace's links the popup listed).
 * The interface has no look-up by destination, so before answering the
 * service's newest page of links is read into the cache when the service
 * can be reached (at most once a minute): a link made elsewhere lately is
 * then known too. The answer says whether that read happened, so the page
 * can say when it could only check what was seen before.
 *
 * Each URL is looked up as the batch would send it (cleaned and planned by
 * lib/site-rules/link-plan.ts), and the same matching decides a batch's
 * reused items (./bulk-batch.ts), so the page's count is the batch's.
 */
import { checkDestinationUrl } from '../../contract/url';
import type { AnswerOf, RequestOf } from '../../messaging/send-message';
import type { LinkSetup } from '../../site-rules/link-setup';
import { cacheKeyOf } from '../../storage/keys';
import type { CachedLink, LinkCache, LinkScope } from '../../storage/links';
import type { Connection, Preferences } from '../../storage/settings';
import { planLink } from '../../site-rules/link-plan';
import type { ProfileSet } from '../../storage/profiles';
import type { Reach } from '../reach-service';
import { elsewhereFinder, type ElsewhereFinder } from '../links/elsewhere';
import { onDomain } from '../links/shorten';

/** How long a read of the newest links counts as fresh: typing pauses ask again every few seconds. */
export const NEWEST_READ_EVERY_MS = 60_000;
/** The newest links read: a page of the service's largest size. */
const NEWEST_PAGE_SIZE = 100;

export interface BulkKnownDeps {
  reach: () => Promise<Reach>;
  cache: Pick<LinkCache, 'lookup' | 'known' | 'rememberLinks'>;
  getPreferences: () => Promise<Preferences>;
  linkSetup?: (conn: Connection) => Promise<LinkSetup>;
  /** Every profile: a URL with no link here but one in another profile is marked so (../links/elsewhere.ts). */
  profiles?: () => Promise<ProfileSet>;
  /** false when the browser says it is offline: no request is tried. */
  online?: () => boolean;
  now?: () => number;
}

/** Finds a link the workspace already has for a URL (in the cache's normal form), on a domain. */
export type KnownFinder = (url: string, domain: string | null) => Promise<CachedLink | null>;

/** The links of `scope` the extension has seen, by their destination: the cache's own look-up, then every link it holds. */
export async function knownFinder(cache: Pick<LinkCache, 'lookup' | 'known'>, scope: LinkScope): Promise<{ find: KnownFinder; seen: number }> {
  const all = await cache.known(scope);
  const byUrl = new Map<string, CachedLink[]>();
  for (const link of all) {
    const key = cacheKeyOf(link.longUrl);
    byUrl.set(key, [...(byUrl.get(key) ?? []), link]);
  }
  return {
    seen: all.length,
    async find(url, domain) {
      const filed = await cache.lookup(scope, url);
      if (filed !== null && onDomain(filed, domain)) return filed;
      return byUrl.get(cacheKeyOf(url))?.find((link) => onDomain(link, domain)) ?? null;
    },
  };
}

export function createBulkKnown(deps: BulkKnownDeps) {
  const now = deps.now ?? Date.now;
  const online = deps.online ?? (() => true);
  /** When each scope's newest links were last read. */
  const readAt = new Map<string, number>();

  async function readNewest(r: Extract<Reach, { conn: Connection }>, scope: LinkScope): Promise<boolean> {
    const key = `${scope.baseUrl} ${scope.workspaceId}`;
    const last = readAt.get(key);
    if (last !== undefined && now() - last < NEWEST_READ_EVERY_MS) return true;
    if (!online()) return false;
    try {
      const page = await r.client.listLinks({ workspaceId: scope.workspaceId, cursor: 0, pageSize: NEWEST_PAGE_SIZE, orderBy: 'createdDate', orderType: 'desc' });
      await deps.cache.rememberLinks(scope, page.list, { newestPage: true });
      readAt.set(key, now());
      return true;
    } catch {
      // Out of reach: what was seen before is still checked, and the page says the newest could not be.
      return false;
    }
  }

  return async function known({ urls, customDomain, clean }: RequestOf<'bulkKnown'>): Promise<AnswerOf<'bulkKnown'>> {
    const r = await deps.reach();
    if ('refused' in r) return r.refused;
    const scope = { baseUrl: r.conn.baseUrl, workspaceId: r.conn.workspaceId };
    const [prefs, setup, reached] = await Promise.all([
      deps.getPreferences(),
      deps.linkSetup?.(r.conn) ?? Promise.resolve<LinkSetup>({ rules: [], templates: [] }),
      readNewest(r, scope),
    ]);
    const domain = (customDomain !== undefined ? customDomain : prefs.defaultDomain) || null;
    const [{ find, seen }, other] = await Promise.all([
      knownFinder(deps.cache, scope),
      deps.profiles === undefined ? null : elsewhereFinder({ profiles: deps.profiles, cache: deps.cache }, scope, prefs.samePageIgnoresCampaign).catch((): ElsewhereFinder | null => null),
    ]);
    const links: { url: string; shortUrl: string }[] = [];
    const elsewhere: { url: string; profile: string; shortUrl: string }[] = [];
    const cleaned: { url: string; longUrl: string }[] = [];
    await Promise.all(
      urls.map(async (url) => {
        const verdict = checkDestinationUrl(url);
        if (!verdict.ok) return;
        const plan = planLink(verdict.url, setup, prefs, clean === undefined ? {} : { clean });
        const planned = checkDestinationUrl(plan.longUrl);
        const sent = planned.ok ? planned.url : verdict.url;
        if (sent !== verdict.url) cleaned.push({ url: verdict.url, longUrl: sent });
        const ruleDomain = customDomain === undefined && plan.rule?.domain !== undefined ? plan.rule.domain || null : domain;
        const link = await find(sent, ruleDomain);
        if (link !== null) links.push({ url: verdict.url, shortUrl: link.shortUrl });
        const there = link === null ? (other?.(sent) ?? null) : null;
        if (there !== null) elsewhere.push({ url: verdict.url, profile: there.profile, shortUrl: there.link.shortUrl });
      }),
    );
    return { status: 'done', links, cleaned, seen, reached, ...(elsewhere.length > 0 ? { elsewhere } : {}) };
  };
}
