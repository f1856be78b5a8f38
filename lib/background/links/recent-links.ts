/**
 * The popup's recent links in the background: pages of the workspace's links
 * from the service (GET /link, newest first), and the two changes a row
 * offers, tags and delete (PATCH /link), run through the offline queue like
 * every mutating call (docs/design.md, Data flow) so offline they wait, under
 * their idempotency key, instead of failing.
 *
 * A delete forgets the link in the local cache before it is sent: the popup
 * answers a page shortened before from that cache (lib/popup/local.ts), and
 * a link the user deleted must not be offered again, even while its delete
 * waits in the queue. The queue's onDone forgets it again once the service
 * agreed (lib/background/queue/finished-work.ts). Pages listed while a delete waits leave that
 * link out. What a page lists of the links the cache holds (title, clicks,
 * tags) is kept there, so the popup offline shows its rows as they were.
 */
import { toErrorInfo } from '../../api/errors';
import type { LinkCache } from '../../storage/links';
import type { AnswerOf, RequestOf } from '../../messaging/send-message';
import type { OfflineQueue, QueueItem, RunOutcome } from '../../queue/queue';
import { listedOfWire } from '../../storage/link-shape';
import { queueProfileOf } from '../../storage/profiles';
import type { Reach } from '../reach-service';

/** Rows per page: two screens of the popup's list, so the next page is asked for before the user reaches the end. */
export const RECENT_PAGE_SIZE = 20;

type ChangeAnswer = AnswerOf<'deleteLink'>;

export interface RecentLinksDeps {
  /** The active profile, bound, or why not (reach-service.ts). */
  reach: () => Promise<Reach>;
  runNow: OfflineQueue['runNow'];
  /** Every queue item (OfflineQueue.list): links whose delete waits there are not listed. */
  queued: () => Promise<QueueItem[]>;
  /** Pages listed are kept in the cache too: the links the extension has seen (the bulk page's "already shortened"). */
  cache: Pick<LinkCache, 'forget' | 'rememberLinks'>;
  newKey?: () => string;
}

/** Links with a delete still waiting in the queue (not failed: a refused delete leaves the link in place). */
function deletesWaiting(items: readonly QueueItem[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items) {
    if (item.kind === 'update-link' && item.payload.deleteLink === true && item.state !== 'failed') ids.add(item.payload.linkId);
  }
  return ids;
}

function changeAnswer<K extends 'update-link'>(run: RunOutcome<K>, done: () => ChangeAnswer): ChangeAnswer {
  if (run.status === 'done') return done();
  if (run.status === 'queued') return { status: 'queued', itemId: run.item.id };
  return { status: 'error', error: toErrorInfo(run.error) };
}

export function createRecentLinks(deps: RecentLinksDeps) {
  const newKey = deps.newKey ?? (() => crypto.randomUUID());

  return {
    async linkList({ cursor }: RequestOf<'linkList'>): Promise<AnswerOf<'linkList'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn, client } = r;
      try {
        const [page, items] = await Promise.all([
          client.listLinks({ workspaceId: conn.workspaceId, cursor, pageSize: RECENT_PAGE_SIZE, orderBy: 'createdDate', orderType: 'desc' }),
          deps.queued().catch(() => []),
        ]);
        const deleting = deletesWaiting(items);
        const { pageInfo } = page;
        const rows = page.list.filter((l) => l.linkActive && !deleting.has(l._id)).map(listedOfWire);
        // Kept with their titles and clicks (for the popup offline, the bulk page's "already shortened"),
        // without holding up this answer.
        deps.cache.rememberLinks({ baseUrl: conn.baseUrl, workspaceId: conn.workspaceId }, page.list, { newestPage: cursor === 0 }).catch((err: unknown) => {
          console.error('could not keep the listed links', err);
        });
        return {
          status: 'done',
          rows,
          // The service's cursor is the next page's offset; one that does not move forward would ask for the same page forever.
          nextCursor: pageInfo.hasNext && pageInfo.cursor > cursor ? pageInfo.cursor : null,
        };
      } catch (err) {
        // Schema failures arrive here as invalid-response: the page keeps what it shows and says why.
        return { status: 'error', error: toErrorInfo(err) };
      }
    },

    async deleteLink({ linkId }: RequestOf<'deleteLink'>): Promise<AnswerOf<'deleteLink'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn } = r;
      try {
        await deps.cache.forget({ baseUrl: conn.baseUrl, workspaceId: conn.workspaceId }, linkId);
      } catch (err) {
        // The delete matters more than the cache; a stale entry is dropped again when the delete is done.
        console.error('could not drop the link from the cache', err);
      }
      try {
        const run = await deps.runNow('update-link', { workspaceId: conn.workspaceId, linkId, deleteLink: true }, { idempotencyKey: newKey(), ...queueProfileOf(conn) });
        // Already gone (deleted elsewhere): what the user asked for is true.
        if (run.status === 'refused' && toErrorInfo(run.error).code === 'LINK_NOT_FOUND') return { status: 'done' };
        return changeAnswer(run, () => ({ status: 'done' }));
      } catch (err) {
        return { status: 'error', error: toErrorInfo(err) };
      }
    },
  };
}
