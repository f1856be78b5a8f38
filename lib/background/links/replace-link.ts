/**
 * Customising right after the one-click link must not leave a stray
 * duplicate. The popup makes a link the moment it opens; when the user then
 * asks for a custom keyword, the customised link replaces that one: once the
 * new link exists, the old one is deleted (PATCH /link deleteLink) if it is
 * the same page's and has no clicks. A link someone already followed is kept,
 * since deleting it would break a link that is in use. (Changing only tags
 * never gets here: the popup puts them on the link it shows, setLinkTags.)
 */
import type { ApiClient } from '../../api/client';
import type { LinkCache, LinkScope } from '../../storage/links';

/** How far back among the newest links to look: the link was made moments ago by the same popup. */
export const REPLACE_LOOKBACK = 20;

export type ReplaceOutcome = 'deleted' | 'kept-clicks' | 'kept-unknown';

export interface ReplaceDeps {
  client: ApiClient;
  cache: Pick<LinkCache, 'forget'>;
  scope: LinkScope;
}

/**
 * Deletes `oldLinkId` when it is among the workspace's newest links, points at
 * `longUrl`, is not `newLinkId`, and has no clicks. Never queued: a delete
 * sent later could hit a link that has been shared and followed meanwhile.
 */
export async function replaceLink(
  deps: ReplaceDeps,
  target: { oldLinkId: string; newLinkId: string; longUrl: string },
): Promise<{ outcome: ReplaceOutcome; shortUrl: string } | null> {
  if (target.oldLinkId === target.newLinkId) return null;
  const { client, scope } = deps;
  let page;
  try {
    page = await client.listLinks({ workspaceId: scope.workspaceId, pageSize: REPLACE_LOOKBACK });
  } catch {
    return null;
  }
  const old = page.list.find((link) => link._id === target.oldLinkId);
  // Not found (older, deleted, another workspace) or for another page: not ours to delete.
  if (old === undefined || old.longUrl !== target.longUrl) return null;
  if (old.totalClicks > 0) return { outcome: 'kept-clicks', shortUrl: old.shortUrl };
  try {
    await client.updateLink({ workspaceId: scope.workspaceId, linkId: old._id, deleteLink: true });
  } catch {
    return { outcome: 'kept-unknown', shortUrl: old.shortUrl };
  }
  await deps.cache.forget(scope, old._id);
  return { outcome: 'deleted', shortUrl: old.shortUrl };
}
