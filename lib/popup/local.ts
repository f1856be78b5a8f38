/**
 * The popup's fast path: a page shortened before is answered from local
 * storage by the popup itself, without waking the background (a sleeping
 * service worker costs more to start than the whole lookup). Pages may read
 * the caches; only the background writes them (lib/storage/links.ts).
 *
 * Raw `storage.local` reads, not lib/storage/settings.ts and lib/storage/links.ts: those
 * bring valibot and WXT's storage layer, 8 KB gzip the popup's budget has no
 * room for. The keys and record shape are lib/storage/links.ts'; a unit test holds
 * the two together, and any miss here falls back to asking the background,
 * so a drift costs speed, never a wrong link.
 */
import { browser } from 'wxt/browser';
import type { CachedLink } from '../storage/links';
import { toLinkView } from '../storage/link-view';
import type { PopupState } from '../messaging/send-message';
import type { Connection, Preferences } from '../storage/settings';
import { checkDestinationUrl } from '../contract/url';

/** lib/storage/links.ts' `linkCacheKey`, without the `local:` area prefix that WXT strips. */
export function linkStorageKey(baseUrl: string, workspaceId: string): string {
  return `links:${workspaceId}@${baseUrl.trim().replace(/\/+$/, '')}`;
}

/** lib/storage/links.ts' `cacheKeyOf`. */
export function urlKey(longUrl: string): string {
  const verdict = checkDestinationUrl(longUrl);
  return verdict.ok ? verdict.url : longUrl.trim();
}

export interface StoredRecord {
  v?: number;
  byUrl?: Record<string, CachedLink>;
  recent?: CachedLink[];
}

export interface LocalSettings {
  /** The profile set (lib/storage/profiles.ts); the active profile is the connection. */
  connection?: { activeId?: string; profiles?: Partial<Connection & { id: string }>[] };
  preferences?: Partial<Preferences>;
}

/** What the popup reads from local storage before it knows its page: the settings and, when they allow the fast path, the workspace's link record. */
export interface LocalCache {
  settings: LocalSettings;
  /** null: no record, or the user's defaults ask for more than a cached HASH link (the background decides). */
  record: StoredRecord | null;
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

const HINT_NAME = 'shortlink:links-key';

export const localStorageHint: KeyHint = {
  read: () => {
    try {
      return localStorage.getItem(HINT_NAME);
    } catch {
      return null;
    }
  },
  write: (key) => {
    try {
      localStorage.setItem(HINT_NAME, key);
    } catch {
      // A hint only: without it the next open makes two reads.
    }
  },
};

/**
 * Reads the stored connection and preferences (missing fields mean
 * defaults) and, when the user is connected and shortens on open with a
 * random keyword on the service's own domain, the workspace's link record.
 * It needs no page URL, so it runs while the popup asks which tab it is on.
 */
export async function readLocalCache(hint: KeyHint = localStorageHint): Promise<LocalCache> {
  const guess = hint.read();
  const got = await browser.storage.local.get(['connection', 'preferences', ...(guess === null ? [] : [guess])]);
  const settings = { connection: got.connection, preferences: got.preferences } as LocalSettings;
  const { connection: set, preferences: prefs } = settings;
  const conn = set?.profiles?.find((p) => p.id === set.activeId);
  // Saved connections were validated by the background; anything missing means "ask the background".
  if (!conn?.baseUrl || !conn.token || !conn.workspaceId) return { settings, record: null };
  // Defaults (lib/storage/settings.ts): shorten on open, HASH, copy, no default domain.
  if (prefs?.autoShorten === false || (prefs?.keywordType ?? 'HASH') !== 'HASH' || (prefs?.defaultDomain ?? null) !== null) {
    return { settings, record: null };
  }
  const key = linkStorageKey(conn.baseUrl, conn.workspaceId);
  let record: StoredRecord | undefined;
  if (key === guess) {
    record = got[key] as StoredRecord | undefined;
  } else {
    hint.write(key);
    record = (await browser.storage.local.get(key))[key] as StoredRecord | undefined;
  }
  return { settings, record: record?.v === 1 ? record : null };
}

/** The popup's state when the background need not be asked: this page already has a link. Null in every other case. */
export function localPopupState({ settings, record }: LocalCache, target: string): PopupState | null {
  const link = record?.byUrl?.[urlKey(target)];
  if (!link) return null;
  return {
    configured: true,
    autoShorten: true,
    copyToClipboard: settings.preferences?.copyToClipboard !== false,
    keywordType: 'HASH',
    cached: toLinkView(link),
    recent: (record?.recent ?? []).slice(0, 5).map(toLinkView),
  };
}
