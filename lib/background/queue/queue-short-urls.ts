/**
 * The short links of the links that queued changes (tags, delete) are about,
 * as far as this browser's link cache knows them: the options page's queue
 * names a link by its short URL, which the user knows, not by its id.
 */
import type { QueueItem } from '../../queue/types';
import type { LinkCache, LinkScope } from '../../storage/links';
import type { Connection } from '../../storage/settings';

export async function knownShortUrls(
  items: readonly QueueItem[],
  cache: Pick<LinkCache, 'known'>,
  getConnection: () => Promise<Connection>,
): Promise<ReadonlyMap<string, string>> {
  const scopes = new Map<string, LinkScope>();
  let active: Promise<Connection> | null = null;
  for (const item of items) {
    if (item.kind !== 'update-link') continue;
    // An item from before profiles is sent to the service now configured (lib/background/queue/finished-work.ts).
    const baseUrl = item.profile?.baseUrl ?? (await (active ??= getConnection())).baseUrl;
    const scope = { baseUrl, workspaceId: item.payload.workspaceId };
    scopes.set(JSON.stringify([scope.baseUrl, scope.workspaceId]), scope);
  }
  const out = new Map<string, string>();
  for (const scope of scopes.values()) {
    for (const link of await cache.known(scope)) out.set(link.linkId, link.shortUrl);
  }
  return out;
}
