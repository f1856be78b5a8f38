/** The conversions from a stored link to what pages show of it: the workspace stays in the background. */
import type { CachedLink } from './links';
import type { CachedRow, LinkView } from '../messaging/send-message';

export function toLinkView({ shortUrl, longUrl, linkId, createdDate }: CachedLink): LinkView {
  return { shortUrl, longUrl, linkId, createdDate };
}

/** A recent row from the cache: with the title, clicks and tags the service last listed, where the cache holds them (the popup offline). */
export function toCachedRow(link: CachedLink): CachedRow {
  const { title, clicks, tags } = link;
  return { ...toLinkView(link), ...(title === undefined ? {} : { title }), ...(clicks === undefined ? {} : { clicks }), ...(tags === undefined ? {} : { tags: [...tags] }) };
}
