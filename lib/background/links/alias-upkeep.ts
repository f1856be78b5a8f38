/**
 * Keeps the link cache's aliases true (issue 25): a page's own address filed
 * under the link of the URL it was cleaned or rewritten to (lib/storage/links.ts,
 * rememberAlias). When the cleaning setting or any profile's site rules and
 * templates change, the same address may now make another URL, so every
 * alias is dropped; the next shorten of the page asks the background again
 * and files it afresh. Rare, so a pass over every profile's record is fine.
 */
import type { LinkCache } from '../../storage/links';
import { linkSetupItem } from '../../site-rules/link-setup';
import { getProfileSet, preferencesItem } from '../../storage/settings';

export function wireAliasUpkeep(cache: Pick<LinkCache, 'forgetAliases'>, onError: (error: unknown) => void): void {
  const forgetAll = async () => {
    const set = await getProfileSet();
    await Promise.all(set.profiles.map((p) => cache.forgetAliases({ baseUrl: p.baseUrl, workspaceId: p.workspaceId })));
  };
  linkSetupItem.watch(() => {
    forgetAll().catch(onError);
  });
  preferencesItem.watch((next, before) => {
    if (next?.cleanLinks !== before?.cleanLinks) forgetAll().catch(onError);
  });
}
