/**
 * One handler per page message (lib/messaging/send-message.ts). Each is a thin adapter from
 * the protocol's plain types to the lib/ module that does the work.
 */
import type { ConversionOutcome, Conversions } from '../conversions/record';
import { NO_HOST_PERMISSION } from '../i18n/describe-error';
import type { LinkCache, LinkScope } from '../storage/links';
import { toLinkView } from '../storage/link-view';
import type { LinkView, ShortenAnswer } from '../messaging/send-message';
import { isConfigured, type Connection } from '../storage/settings';
import type { Shortener, ShortenOutcome } from './shorten';
import type { Clipboard } from './clipboard';
import {
  getSettingsView,
  hasHostPermission,
  savePreferencesFromPage,
  testConnection,
} from './connection';
import type { Handlers } from './dispatcher';
import type { DomainHandlers } from './domains';
import type { createProfileHandlers } from './profiles';
import type { QueueWiring } from './queue-wiring';
import { replaceLink, type ReplaceDeps } from './replace-link';
import type { SettingsSource } from './settings-memo';
import type { TagHandlers } from './tags';

export interface HandlerDeps {
  settings: SettingsSource;
  shortener: Shortener;
  cache: Pick<LinkCache, 'lookup' | 'recent'>;
  queue: QueueWiring;
  clipboard: Clipboard;
  conversions: Conversions;
  /** The side panel's messages (lib/background/link-analytics.ts). */
  sidePanel: Pick<Handlers, 'linkAnalytics' | 'linkPage'>;
  /** Custom domains (lib/background/domains.ts). */
  domains: DomainHandlers;
  /** The tag messages (lib/background/tags.ts). */
  tags: TagHandlers;
  /** What deleting the link a customised one replaces needs (lib/background/replace-link.ts). */
  replacing?: () => Promise<ReplaceDeps>;
  /** The popup's recent links (lib/background/recent-links.ts). */
  recentLinks: Pick<Handlers, 'linkList' | 'deleteLink'>;
  /** Profiles and the settings file (lib/background/profiles.ts). */
  profiles: ReturnType<typeof createProfileHandlers>;
}

const POPUP_RECENT = 5;

function toAnswer(outcome: ShortenOutcome): ShortenAnswer {
  if (outcome.status !== 'done') return outcome;
  // The link's view only: tags and workspace stay in the background; whether its tags are set is said.
  const answer: ShortenAnswer = { status: 'done', link: toLinkView(outcome.link), fromCache: outcome.fromCache };
  if (outcome.tagsQueued !== undefined) answer.tagsQueued = true;
  if (outcome.tagsError !== undefined) answer.tagsError = outcome.tagsError;
  return answer;
}

/** The shorten flow, refusing early when the browser forbids contacting the service. */
export async function shortenChecked(
  shortener: Shortener,
  request: Parameters<Shortener['shorten']>[0],
  conn: Connection,
): Promise<ShortenAnswer> {
  // Without the grant every request fails like a network error and would be
  // queued forever; say what is wrong instead.
  if (isConfigured(conn) && !(await hasHostPermission(conn.baseUrl))) {
    return {
      status: 'error',
      error: { kind: 'network', code: NO_HOST_PERMISSION, message: 'The browser has not granted access to the service.' },
    };
  }
  return toAnswer(await shortener.shorten(request));
}

/** A lead or sale, refused early when the browser forbids contacting the service (as shortenChecked). */
async function conversionChecked(settings: SettingsSource, record: () => Promise<ConversionOutcome>): Promise<ConversionOutcome> {
  const conn = await settings.getConnection();
  if (isConfigured(conn) && !(await hasHostPermission(conn.baseUrl))) {
    return {
      status: 'error',
      error: { kind: 'network', code: NO_HOST_PERMISSION, message: 'The browser has not granted access to the service.' },
    };
  }
  return record();
}

export function createHandlers(deps: HandlerDeps): Handlers {
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
    async popupState({ url, shortenNow }) {
      void deps.queue.pageOpened();
      const [conn, prefs] = await Promise.all([settings.getConnection(), settings.getPreferences()]);
      const configured = isConfigured(conn);
      const base = {
        configured,
        autoShorten: prefs.autoShorten,
        copyToClipboard: prefs.copyToClipboard,
        keywordType: prefs.keywordType,
      };
      if (!configured) return { ...base, cached: null, recent: [] };
      if (url !== undefined && shortenNow === true && prefs.autoShorten && prefs.keywordType === 'HASH') {
        // From the cache when it can, else from the service. The recent list is
        // read meanwhile and the new link put in front, as the cache will.
        const [shortened, before] = await Promise.all([
          shortenChecked(deps.shortener, { url, keywordType: 'HASH' }, conn),
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
    shorten: async ({ replaces, ...request }) => {
      const answer = await shortenChecked(deps.shortener, request, await settings.getConnection());
      if (replaces === undefined || answer.status !== 'done' || answer.fromCache || deps.replacing === undefined) return answer;
      const replaced = await replaceLink(await deps.replacing(), { oldLinkId: replaces, newLinkId: answer.link.linkId, longUrl: answer.link.longUrl });
      return replaced === null ? answer : { ...answer, replaced };
    },
    recentLinks: ({ limit }) => recent(limit ?? POPUP_RECENT),
    getSettings: () => getSettingsView(),
    savePreferences: async (input) => {
      const answer = await savePreferencesFromPage(input);
      settings.invalidate();
      return answer;
    },
    testConnection: ({ profileId }) => testConnection(profileId),
    queueStatus: () => (void deps.queue.pageOpened(), deps.queue.status()),
    retryQueue: ({ id }) => deps.queue.retryNow(id),
    discardQueueItem: ({ id }) => deps.queue.discard(id),
    copyText: async ({ text }) => ({ copied: await deps.clipboard.copy(text) }),
    recordLead: (request) => conversionChecked(settings, () => deps.conversions.recordLead(request)),
    recordSale: (request) => conversionChecked(settings, () => deps.conversions.recordSale(request)),
    linkAnalytics: (request) => deps.sidePanel.linkAnalytics(request),
    linkPage: (request) => deps.sidePanel.linkPage(request),
    ...deps.domains,
    listTags: (request) => deps.tags.listTags(request),
    createTag: (request) => deps.tags.createTag(request),
    setLinkTags: (request) => deps.tags.setLinkTags(request),
    linkTags: (request) => deps.tags.linkTags(request),
    linkList: (request) => deps.recentLinks.linkList(request),
    deleteLink: (request) => deps.recentLinks.deleteLink(request),
    profiles: () => deps.profiles.profiles(),
    saveProfile: (request) => deps.profiles.saveProfile(request),
    switchProfile: (request) => deps.profiles.switchProfile(request),
    deleteProfile: (request) => deps.profiles.deleteProfile(request),
    exportSettings: () => deps.profiles.exportSettings(),
    importSettings: (request) => deps.profiles.importSettings(request),
  };
}
