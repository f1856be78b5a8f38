/**
 * Where the extension keeps its data, and what each setting is until the user
 * sets it: every storage key (and the builders of the keys made per profile
 * scope) and the settings' defaults, in one module that the background (which
 * writes) and the pages (several of which read storage by hand, to load
 * light) both import. It imports no storage library, so a page pays only for
 * these names. The strings are what is on disk: changing one loses every
 * existing user's data under it (test/unit/storage/keys.test.ts).
 */
import type { KeywordType } from '../contract/schemas';
import { checkDestinationUrl } from '../contract/url';

/** Which service and workspace cached data belongs to: every per-scope key below is made from one. */
export interface LinkScope {
  baseUrl: string;
  workspaceId: string;
}

/** A key of storage.local as WXT's storage names it: the area, then the name. */
export type LocalKey = `local:${string}`;

/** The name storage.local itself knows a key by, for the pages that read it without WXT's storage. */
export function localName(key: LocalKey): string {
  return key.slice('local:'.length);
}

/** Base URLs are stored without trailing slashes; a key made from a typed one must match. */
const bare = (baseUrl: string) => baseUrl.trim().replace(/\/+$/, '');

// storage.local

/** Every profile and which one is active (lib/storage/settings.ts); the single connection it replaced had this key too. */
export const CONNECTION_KEY = 'local:connection';
export const PREFERENCES_KEY = 'local:preferences';
/** The offline queue's size and summary, rewritten on every change for pages and the badge to watch (lib/queue/status.ts). */
export const QUEUE_SIZE_KEY = 'local:queueSize';
export const QUEUE_STATUS_KEY = 'local:queueStatus';
/** How long each profile's service said it keeps answers for idempotency keys (lib/storage/idempotency-retention.ts). */
export const IDEMPOTENCY_RETENTION_KEY = 'local:idempotencyRetention';
/** The last tag list of each scope (lib/tags/list-cache.ts), by `tagListKey`. */
export const TAG_LISTS_KEY = 'local:tagLists';
/** The bulk batch's summary (lib/batch/bulk-status.ts), rewritten as it goes, for the bulk page to follow. */
export const BULK_STATUS_KEY = 'local:bulkStatus';
/** The custom domains the "Show stats" menu last read (lib/background/menus/stats-menu.ts). */
export const STATS_MENU_DOMAINS_KEY = 'local:statsMenuDomains';
/** Each profile's campaign templates and site rules (lib/site-rules/link-setup.ts), by profile id. */
export const LINK_SETUP_KEY = 'local:linkSetup';
/** Each profile's saved QR styles and default style (lib/qr/qr-style-store.ts), by profile id. */
export const QR_STYLES_KEY = 'local:qrStyles';

/** A scope's record of short links (lib/storage/links.ts); a workspace id cannot contain "@" (IdSchema). */
export function linkCacheKey(scope: LinkScope): LocalKey {
  return `local:links:${scope.workspaceId}@${bare(scope.baseUrl)}`;
}

/** A URL's place in a scope's record: its parsed href, as lib/contract/url.ts judges it, so `HTTPS://A.com` and `https://a.com/` meet. */
export function cacheKeyOf(longUrl: string): string {
  const verdict = checkDestinationUrl(longUrl);
  return verdict.ok ? verdict.url : longUrl.trim();
}

/** A scope's entry in the record under TAG_LISTS_KEY. */
export function tagListKey(scope: LinkScope): string {
  return `${scope.baseUrl} ${scope.workspaceId}`;
}

// storage.session: gone when the browser closes.

/** URLs handed to the bulk page by a menu click or the popup (the tabs, a selection's links): read once by the page it opens. */
export const BULK_INPUT_KEY = 'session:bulkInput';

// IndexedDB (idb-keyval): a database of its own each, so clearing one never touches the other.

/** The offline queue (lib/queue/store.ts): items by id. */
export const QUEUE_DB = { name: 'shortlink-queue', store: 'items' } as const;
/** The bulk batch (lib/batch/batch-store.ts): its header, its items, its text. */
export const BULK_DB = { name: 'shortlink-bulk', store: 'batch' } as const;
/** The last analytics answer of each link (lib/storage/analytics-cache.ts), by `analyticsKey`. */
export const ANALYTICS_DB = { name: 'shortlink-analytics', store: 'answers' } as const;

/** The destination watch (lib/watch/watch-store.ts): each link's last check, each scope's problems and its run's place in the list. */
export const WATCH_DB = { name: 'shortlink-watch', store: 'checks' } as const;

/** A link's answer in ANALYTICS_DB: a JSON array, so no id can run into the next part. */
export function analyticsKey(scope: LinkScope, linkId: string): string {
  return JSON.stringify([bare(scope.baseUrl), scope.workspaceId, linkId]);
}

/** Whether the destination watch is on ("Check my links' destinations", off until the user turns it on). */
export const WATCH_SETTING_KEY = 'local:watchDestinations';

// localStorage: hints the pages read synchronously, before storage.local can answer.

/** The theme a page last applied (lib/browser/theme.ts), for the next page's first paint. */
export const THEME_HINT_KEY = 'shortlink:theme';
/** The link record the popup read last (lib/popup/local.ts): its storage name, never the token. */
export const LINK_RECORD_HINT_KEY = 'shortlink:links-key';

// Defaults

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * What every setting is until the user sets it; the settings' types are made
 * from it (lib/storage/settings.ts), so a setting is added here, once. Reads
 * fill missing fields from it, so a new field with a default needs no migration.
 */
export const SETTINGS_DEFAULTS = {
  connection: {
    /** Where the API lives, e.g. `http://127.0.0.1:8787/api`; stored without trailing slashes. */
    baseUrl: '',
    token: '',
    workspaceId: '',
  },
  preferences: {
    /** Shorten the current tab as soon as the popup opens. */
    autoShorten: true,
    copyToClipboard: true,
    keywordType: 'HASH' as KeywordType,
    /** A set-up custom domain of the workspace, or null for the service's own short domain. */
    defaultDomain: null as string | null,
    /** Notify when a queued shorten finishes in the background. */
    notifyQueued: true,
    /** Tags put on every new link (popup, context menu, keyboard); checked by lib/contract/tag-name.ts when saved. */
    defaultTags: [] as string[],
    /** The pages' colours: the system's choice, or always light or dark (components/shared/theme.css). */
    theme: 'system' as Theme,
    /** Remove tracking parameters and redirect wrappers before shortening (lib/clean/); campaign parameters stay. */
    cleanLinks: true,
    /** "You already have a link to this page": addresses that differ only in campaign (utm_*) values count as one page. */
    samePageIgnoresCampaign: false,
  },
};
