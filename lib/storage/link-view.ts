/** The one conversion from a stored link to what pages show of it: tags and workspace stay in the background. */
import type { CachedLink } from './links';
import type { LinkView } from '../messaging/send-message';

export function toLinkView({ shortUrl, longUrl, linkId, createdDate }: CachedLink): LinkView {
  return { shortUrl, longUrl, linkId, createdDate };
}
