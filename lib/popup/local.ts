/**
 * The popup's fast path: a page shortened before is answered from local
 * storage by the popup itself, without waking the background (a sleeping
 * service worker costs more to start than the whole lookup). Pages may read
 * the caches; only the background writes them (lib/storage/links.ts).
 *
 * Raw `storage.local` reads, not lib/storage/settings.ts and lib/storage/links.ts: those
 * bring valibot and WXT's storage layer, 8 KB gzip the popup's budget has no
 * room for. The keys and defaults are the writers' own (lib/storage/keys.ts);
 * any miss here falls back to asking the background, so a record it cannot
 * read costs speed, never a wrong link.
 */
import type { ScopeRecord } from '../storage/links';
import { toLinkView } from '../storage/link-view';
import { siteHost } from './address-text';
import type { PopupState } from '../messaging/send-message';
import type { Connection, Preferences } from '../storage/settings';
import { cacheKeyOf, CONNECTION_KEY, LINK_RECORD_HINT_KEY, linkCacheKey, localName, PREFERENCES_KEY, SETTINGS_DEFAULTS } from '../storage/keys';

/** A scope's record read by hand: written by the background, but any field may be missing on disk. */
type StoredRecord = Partial<ScopeRecord>;

/** The profile set as stored (lib/storage/profiles.ts); the active profile is the connection. */
interface StoredProfiles {
  activeId?: string;
  profiles?: Partial<Connection & { id: string; name: string }>[];
}

/** A profile as the header's switcher names it: never its token. */
export interface ProfileChoice {
  id: string;
  name: string;
}

/** What the popup reads from local storage before it knows its page: the preferences and, when they allow the fast path, the workspace's link record. */
export interface LocalCache {
  /** The stored preferences over their defaults. */
  preferences: Preferences;
  /** null: no record, or the user's defaults ask for more than a cached HASH link (the background decides). */
  record: StoredRecord | null;
  /** Every profile by name and the active one's id ('' when none), for the header's switcher. */
  profiles: ProfileChoice[];
  activeId: string;
  /** The active service's host (`links.example.com`), for "Can't reach <host>"; null when unknown. */
  serviceHost: string | null;
}

/** `storage.local` as the popup reads it: the polyfill's, or the browser's own object (entrypoints/popup-start.ts). */
export interface LocalArea {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
}

/**
 * Where the popup remembers which link record it read last, so the next open
 * reads settings and record in one storage call instead of two in a row (the
 * record's key depends on the connection). Only a hint: a wrong or missing
 * one costs the second read, never a wrong link. It holds the record's key
 * (workspace and service address), never the token.
 */
export interface KeyHint {
  read(): string | null;
  write(key: string): void;
}

export const localStorageHint: KeyHint = {
  read: () => {
    try {
      return localStorage.getItem(LINK_RECORD_HINT_KEY);
    } catch {
      return null;
    }
  },
  write: (key) => {
    try {
      localStorage.setItem(LINK_RECORD_HINT_KEY, key);
    } catch {
      // A hint only: without it the next open makes two reads.
    }
  },
};

const CONNECTION = localName(CONNECTION_KEY);
const PREFERENCES = localName(PREFERENCES_KEY);

/**
 * Reads the stored connection and preferences and, when the user is
 * connected and shortens on open with a random keyword on the service's own
 * domain, the workspace's link record. It needs no page URL, so it runs while
 * the popup asks which tab it is on.
 */
export async function readLocalCache(area: LocalArea, hint: KeyHint = localStorageHint): Promise<LocalCache> {
  const guess = hint.read();
  const got = await area.get([CONNECTION, PREFERENCES, ...(guess === null ? [] : [guess])]);
  const set = got[CONNECTION] as StoredProfiles | undefined;
  const preferences: Preferences = { ...SETTINGS_DEFAULTS.preferences, ...(got[PREFERENCES] as Partial<Preferences> | undefined) };
  const conn = set?.profiles?.find((p) => p.id === set.activeId);
  const profiles = (set?.profiles ?? []).flatMap((p) => (typeof p.id === 'string' && typeof p.name === 'string' ? [{ id: p.id, name: p.name }] : []));
  const known = { preferences, record: null, profiles, activeId: conn?.id ?? '', serviceHost: conn?.baseUrl ? siteHost(conn.baseUrl) : null };
  // Saved connections were validated by the background; anything missing means "ask the background".
  if (!conn?.baseUrl || !conn.token || !conn.workspaceId) return known;
  if (!preferences.autoShorten || preferences.keywordType !== 'HASH' || preferences.defaultDomain !== null) return known;
  const key = localName(linkCacheKey({ baseUrl: conn.baseUrl, workspaceId: conn.workspaceId }));
  let record: StoredRecord | undefined;
  if (key === guess) {
    record = got[key] as StoredRecord | undefined;
  } else {
    hint.write(key);
    record = (await area.get(key))[key] as StoredRecord | undefined;
  }
  return { ...known, record: record?.v === 1 ? record : null };
}

/** The popup's state when the background need not be asked: this page already has a link. Null in every other case. */
export function localPopupState({ preferences, record }: LocalCache, target: string): PopupState | null {
  const link = record?.byUrl?.[cacheKeyOf(target)];
  if (!link) return null;
  return {
    configured: true,
    autoShorten: true,
    copyToClipboard: preferences.copyToClipboard,
    keywordType: 'HASH',
    cached: toLinkView(link),
    recent: (record?.recent ?? []).slice(0, 5).map(toLinkView),
  };
}
