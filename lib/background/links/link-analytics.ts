/**
 * The side panel's data path in the background: a link's analytics from the
 * service, written to the page-readable cache (lib/storage/analytics-cache.ts) with
 * the fetch time, and a page of the workspace's links for the picker (with
 * title, clicks and tags, as the popup's recent list has them). Every
 * failure is an ErrorView code the page words (lib/i18n/describe-error.ts); a
 * failed refresh never touches the cached figures.
 */
import { toErrorInfo } from '../../api/errors';
import { resolvedTimeZone } from '../../contract/time-zone';
import type { CachedAnalytics } from '../../storage/analytics-cache';
import type { LinkCache, LinkScope } from '../../storage/links';
import { listedOfWire } from '../../storage/link-shape';
import type { AnswerOf, RequestOf } from '../../messaging/send-message';
import type { Reach } from '../reach-service';

export interface LinkAnalyticsDeps {
  /** The active profile, bound, or why not (reach-service.ts). */
  reach: () => Promise<Reach>;
  writeCache: (scope: LinkScope, linkId: string, entry: CachedAnalytics) => Promise<void>;
  /** The picker's pages go to the link cache too, so a link seen here has a header when the service is out of reach. */
  cache: Pick<LinkCache, 'rememberLinks'>;
  now: () => number;
}

export const PICKER_PAGE_SIZE = 30;

export function createLinkAnalytics(deps: LinkAnalyticsDeps) {
  return {
    async linkAnalytics({ linkId, timeZone }: RequestOf<'linkAnalytics'>): Promise<AnswerOf<'linkAnalytics'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn, client } = r;
      try {
        // The page's zone when it is one (the days are the reader's); else the background's own.
        const data = await client.getAnalyticsData(linkId, conn.workspaceId, resolvedTimeZone(timeZone) === null ? undefined : timeZone);
        const entry = { data, fetchedAt: deps.now() };
        try {
          await deps.writeCache({ baseUrl: conn.baseUrl, workspaceId: conn.workspaceId }, linkId, entry);
        } catch (err) {
          // A full or failing IndexedDB must not hide figures that arrived.
          console.error('could not cache the analytics', err);
        }
        return { status: 'done', ...entry };
      } catch (err) {
        return { status: 'error', error: toErrorInfo(err) };
      }
    },

    async linkPage({ cursor }: RequestOf<'linkPage'>): Promise<AnswerOf<'linkPage'>> {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn, client } = r;
      try {
        const page = await client.listLinks({ workspaceId: conn.workspaceId, cursor, pageSize: PICKER_PAGE_SIZE, orderBy: 'createdDate', orderType: 'desc' });
        const scope = { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId };
        await deps.cache.rememberLinks(scope, page.list, { newestPage: cursor === 0 }).catch((err: unknown) => {
          // A failing cache must not hide the page that arrived.
          console.error('could not cache the links', err);
        });
        return {
          status: 'done',
          links: page.list.map(listedOfWire),
          // The service's cursor is the offset of the next page.
          nextCursor: page.pageInfo.hasNext ? page.pageInfo.cursor : null,
        };
      } catch (err) {
        return { status: 'error', error: toErrorInfo(err) };
      }
    },
  };
}
