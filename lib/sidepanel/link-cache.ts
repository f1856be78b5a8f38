/**
 * The link cache (lib/storage/links.ts) as the side panel uses it, loaded the first
 * time the panel looks up the active tab's link: lib/storage/links.ts brings WXT's
 * storage wrapper, which a panel opened on one link (`?linkId=`) never needs
 * before its charts.
 */
import type { LinkCache } from '../storage/links';

export function lazyLinkCache(): Pick<LinkCache, 'lookup' | 'recent'> {
  let loading: Promise<LinkCache> | null = null;
  const cache = () => (loading ??= import('../storage/links').then((m) => m.createLinkCache()));
  return {
    lookup: async (scope, longUrl) => (await cache()).lookup(scope, longUrl),
    recent: async (scope) => (await cache()).recent(scope),
  };
}
