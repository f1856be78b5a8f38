/**
 * The popup's messages: its opening state (answered from the cache, or a link
 * made at once), a shorten (which may replace the link the popup just made,
 * replace-link.ts) and the cached recent links.
 */
import type { LinkCache, LinkScope } from '../storage/links';
import { toLinkView } from '../storage/link-view';
import type { LinkView, ShortenAnswer } from '../messaging/send-message';
import { isConfigured, type Connection, type Preferences } from '../storage/settings';
import type { Shortener, ShortenOutcome } from './links/shorten';
import type { Handlers } from './dispatcher';
import type { QueueWiring } from './queue/queue-wiring';
import type { Reach } from './reach-service';
import { replaceLink } from './links/replace-link';
import type { LinkElsewhere } from './links/elsewhere';
import type { PageProblem } from './watch/page-problem';

export interface PopupHandlerDeps {
  settings: { getConnection(): Promise<Connection>; getPreferences(): Promise<Preferences> };
  shortener: Shortener;
  cache: Pick<LinkCache, 'lookup' | 'recent' | 'forget'>;
  queue: Pick<QueueWiring, 'pageOpened'>;
  /** `conn`'s profile (absent: the active one), bound, or why not (reach-service.ts). */
  reach: (conn?: Connection) => Promise<Reach>;
  /** Another profile's link to the page, when the active one has none (./links/elsewhere.ts). */
  elsewhere?: (conn: Connection, url: string) => Promise<LinkElsewhere | null>;
  /** With the destination check on: the page is itself broken (./watch/page-problem.ts). */
  pageProblem?: PageProblem;
}

const POPUP_RECENT = 5;

function toAnswer(outcome: ShortenOutcome): ShortenAnswer {
  if (outcome.status !== 'done') return outcome;
  // The link's view only: tags and workspace stay in the background; whether its tags are set is said.
  const answer: ShortenAnswer = { status: 'done', link: toLinkView(outcome.link), fromCache: outcome.fromCache };
  if (outcome.tagsQueued !== undefined) answer.tagsQueued = true;
  if (outcome.tagsError !== undefined) answer.tagsError = outcome.tagsError;
  if (outcome.cleaned !== undefined) answer.cleaned = outcome.cleaned;
  if (outcome.cleanFailed === true) answer.cleanFailed = true;
  if (outcome.rule !== undefined) answer.rule = outcome.rule;
  return answer;
}

/** The shorten flow under one reach of the service, refusing early when the browser forbids contacting it. */
async function shortenUnder(shortener: Shortener, request: Parameters<Shortener['shorten']>[0], r: Reach): Promise<ShortenAnswer> {
  // Only the grant refuses here: the shortener words "not configured" itself.
  if ('refused' in r && r.refused.status === 'error') return r.refused;
  // The profile read here is the one the link is made under, whatever is active by the time it is sent.
  return toAnswer(await shortener.shorten(request, 'refused' in r ? undefined : r.conn));
}

/** The shorten flow, refusing early when the browser forbids contacting the service. */
export async function shortenChecked(
  shortener: Shortener,
  request: Parameters<Shortener['shorten']>[0],
  reach: () => Promise<Reach>,
): Promise<ShortenAnswer> {
  return shortenUnder(shortener, request, await reach());
}

export function createPopupHandlers(deps: PopupHandlerDeps): Pick<Handlers, 'popupState' | 'shorten' | 'recentLinks'> {
  const { settings } = deps;

  async function scope(): Promise<LinkScope | null> {
    const conn = await settings.getConnection();
    return isConfigured(conn) ? { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId } : null;
  }

  async function cachedFor(url: string): Promise<LinkView | null> {
    const s = await scope();
    if (s === null) return null;
    const [link, prefs] = await Promise.all([deps.cache.lookup(s, url), settings.getPreferences()]);
    if (link === null) return null;
    // The popup asks for links on the default domain; a cached link elsewhere does not answer it.
    if (prefs.defaultDomain !== null && new URL(link.shortUrl).hostname !== prefs.defaultDomain) return null;
    return toLinkView(link);
  }

  async function recent(limit: number, known?: LinkScope): Promise<LinkView[]> {
    const s = known ?? (await scope());
    return s === null ? [] : (await deps.cache.recent(s)).slice(0, limit).map(toLinkView);
  }

  return {
    async popupState({ url, shortenNow, tabId }) {
      void deps.queue.pageOpened();
      const [conn, prefs, checking] = await Promise.all([
        settings.getConnection(),
        settings.getPreferences(),
        url === undefined || deps.pageProblem === undefined ? false : deps.pageProblem.on(),
      ]);
      const configured = isConfigured(conn);
      const base = {
        configured,
        autoShorten: prefs.autoShorten,
        copyToClipboard: prefs.copyToClipboard,
        keywordType: prefs.keywordType,
      };
      if (!configured) return { ...base, cached: null, recent: [] };
      // Nothing is made when another profile has a link to the page: the popup asks which the user wants.
      const other = url === undefined || deps.elsewhere === undefined ? null : await deps.elsewhere(conn, url).catch(() => null);
      if (other !== null) return { ...base, cached: null, elsewhere: { profile: other.profile, link: toLinkView(other.link) }, recent: await recent(POPUP_RECENT) };
      // A broken page is warned of before a link to it is made; one made before is shown as it is.
      const problem = !checking || url === undefined || deps.pageProblem === undefined ? null : await deps.pageProblem.of(url, tabId);
      if (problem !== null && url !== undefined && (await cachedFor(url)) === null) {
        return { ...base, cached: null, pageProblem: problem, recent: await recent(POPUP_RECENT) };
      }
      if (url !== undefined && shortenNow === true && prefs.autoShorten && prefs.keywordType === 'HASH') {
        // From the cache when it can, else from the service. The recent list is
        // read meanwhile and the new link put in front, as the cache will.
        const [shortened, before] = await Promise.all([
          shortenChecked(deps.shortener, { url, keywordType: 'HASH' }, () => deps.reach(conn)),
          recent(POPUP_RECENT, { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId }),
        ]);
        const fresh = shortened.status === 'done' ? [shortened.link] : [];
        const listed = [...fresh, ...before.filter((l) => !fresh.some((f) => f.linkId === l.linkId))];
        return { ...base, cached: null, shortened, recent: listed.slice(0, POPUP_RECENT) };
      }
      const [cached, recentLinks] = await Promise.all([
        url === undefined ? null : cachedFor(url),
        recent(POPUP_RECENT),
      ]);
      return { ...base, cached, recent: recentLinks };
    },
    shorten: async ({ replaces, replacesUrl, ...request }) => {
      // One profile for the whole operation: a switch while the new link is being made must not
      // send the old link's lookup and delete to the profile switched to.
      const r = await deps.reach();
      const answer = await shortenUnder(deps.shortener, request, r);
      // Not reachable: the link made on opening stays, as when listing it fails (replace-link.ts).
      if (replaces === undefined || answer.status !== 'done' || answer.fromCache || 'refused' in r) return answer;
      const replaced = await replaceLink(
        { client: r.client, cache: deps.cache, scope: { baseUrl: r.conn.baseUrl, workspaceId: r.conn.workspaceId } },
        { oldLinkId: replaces, newLinkId: answer.link.linkId, longUrl: replacesUrl ?? answer.link.longUrl },
      );
      return replaced === null ? answer : { ...answer, replaced };
    },
    recentLinks: async ({ limit }) => {
      const s = await scope();
      return s === null ? [] : (await deps.cache.recent(s)).slice(0, limit ?? POPUP_RECENT).map(toLinkView);
    },
  };
}
