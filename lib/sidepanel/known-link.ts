/**
 * The link shown, as the device's link cache knows it (lib/storage/links.ts:
 * the links this profile made, and the ones its lists showed), so the
 * panel's header names the link before any request. Read by hand from
 * storage.local, like the popup's fast path (lib/popup/local.ts): WXT's
 * storage wrapper would come into the panel's first load for one read.
 * Only the background writes the record; any field may be missing on disk.
 */
import { browser } from '../browser/native-api';
import { linkCacheKey, localName, type LinkScope } from '../storage/keys';
import type { LinkView } from './panel-model';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The link's facts in a stored scope record (its `byUrl` map or its `recent` list), or null. */
export function findInRecord(record: unknown, linkId: string): LinkView | null {
  if (typeof record !== 'object' || record === null) return null;
  const { byUrl, recent } = record as { byUrl?: unknown; recent?: unknown };
  const candidates = [
    ...(Array.isArray(recent) ? (recent as unknown[]) : []),
    ...(typeof byUrl === 'object' && byUrl !== null ? Object.values(byUrl) : []),
  ];
  for (const candidate of candidates) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const link = candidate as Record<string, unknown>;
    const shortUrl = text(link.shortUrl);
    const longUrl = text(link.longUrl);
    const createdDate = text(link.createdDate);
    if (link.linkId !== linkId || shortUrl === undefined || longUrl === undefined || createdDate === undefined) continue;
    const tags = Array.isArray(link.tags) ? link.tags.filter((tag): tag is string => typeof tag === 'string') : undefined;
    const title = text(link.title);
    const clicks = typeof link.clicks === 'number' && Number.isSafeInteger(link.clicks) && link.clicks >= 0 ? link.clicks : undefined;
    return { linkId, shortUrl, longUrl, createdDate, ...(title ? { title } : {}), ...(clicks === undefined ? {} : { clicks }), ...(tags ? { tags } : {}) };
  }
  return null;
}

export async function readKnownLink(scope: LinkScope, linkId: string): Promise<LinkView | null> {
  const key = localName(linkCacheKey(scope));
  return findInRecord((await browser.storage.local.get(key))[key], linkId);
}
