/**
 * The last tag list the service sent for each workspace (service address and
 * workspace), kept in storage.local so the tag pickers still offer the
 * workspace's tags while the service cannot be reached. A tag ticked from it
 * travels with the queued link, as a typed one would. Only the background
 * writes it, with a list it checked is one (lib/background/links/tags.ts); it is
 * checked again when read, since storage outlives versions of the extension.
 * It is also how the background knows a tag came from the service, so the
 * rules for typed tags are not applied to it (lib/tags/sendable-tags.ts).
 */
import { browser } from 'wxt/browser';
import { localName, TAG_LISTS_KEY, tagListKey, type LinkScope } from '../storage/keys';

const KEY = localName(TAG_LISTS_KEY);
/** Workspaces kept: more than anyone switches between; the oldest read goes first. */
const SCOPES_KEPT = 20;

export interface CachedTagList {
  tags: string[];
  /** When the service sent it (epoch ms). */
  at: number;
}

export interface TagListCache {
  read(scope: LinkScope): Promise<CachedTagList | null>;
  write(scope: LinkScope, tags: readonly string[], at: number): Promise<void>;
}

function isEntry(value: unknown): value is CachedTagList {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return Array.isArray(entry.tags) && entry.tags.every((tag) => typeof tag === 'string') && typeof entry.at === 'number';
}

async function readAll(): Promise<Record<string, CachedTagList>> {
  const stored: unknown = (await browser.storage.local.get(KEY))[KEY];
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(Object.entries(stored as Record<string, unknown>).filter((pair): pair is [string, CachedTagList] => isEntry(pair[1])));
}

/** `check` tells a stored list is one (null: it is not, and is not offered). */
export function createTagListCache(check: (tags: readonly string[]) => string[] | null): TagListCache {
  return {
    async read(scope) {
      const entry = (await readAll())[tagListKey(scope)];
      if (entry === undefined) return null;
      const tags = check(entry.tags);
      return tags === null ? null : { tags, at: entry.at };
    },
    async write(scope, tags, at) {
      const all = await readAll();
      all[tagListKey(scope)] = { tags: [...tags], at };
      const kept = Object.entries(all)
        .sort(([, a], [, b]) => b.at - a.at)
        .slice(0, SCOPES_KEPT);
      await browser.storage.local.set({ [KEY]: Object.fromEntries(kept) });
    },
  };
}
