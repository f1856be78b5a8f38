/**
 * The side panel's data path in the background: a link's analytics from the
 * service, written to the page-readable cache (lib/storage/analytics-cache.ts) with
 * the fetch time, and a page of the workspace's links for the picker. Every
 * failure is an ErrorView code the page words (lib/i18n/describe-error.ts); a
 * failed refresh never touches the cached figures.
 */
import type { ApiClient } from '../api/client';
import { toErrorInfo } from '../api/errors';
import type { CachedAnalytics } from '../storage/analytics-cache';
import { NO_HOST_PERMISSION } from '../i18n/describe-error';
import type { LinkScope } from '../storage/links';
import { toLinkView } from '../storage/link-view';
import { toCachedLink } from '../storage/links';
import type { AnswerOf, RequestOf } from '../messaging/send-message';
import { isConfigured, type Connection } from '../storage/settings';

export interface LinkAnalyticsDeps {
  getConnection: () => Promise<Connection>;
  clientFor: (conn: Connection) => Pick<ApiClient, 'getAnalyticsData' | 'listLinks'>;
  hasHostPermission: (baseUrl: string) => Promise<boolean>;
  writeCache: (scope: LinkScope, linkId: string, entry: CachedAnalytics) => Promise<void>;
  now: () => number;
}

const NO_PERMISSION = {
  status: 'error',
  error: { kind: 'network', code: NO_HOST_PERMISSION, message: 'The browser has not granted access to the service.' },
} as const;

export const PICKER_PAGE_SIZE = 30;

export function createLinkAnalytics(deps: LinkAnalyticsDeps) {
  async function ready(): Promise<{ conn: Connection } | { refused: AnswerOf<'linkAnalytics'> }> {
    const conn = await deps.getConnection();
    if (!isConfigured(conn)) return { refused: { status: 'not-configured' } };
    if (!(await deps.hasHostPermission(conn.baseUrl))) return { refused: NO_PERMISSION };
    return { conn };
  }

  return {
    async linkAnalytics({ linkId }: RequestOf<'linkAnalytics'>): Promise<AnswerOf<'linkAnalytics'>> {
      const r = await ready();
      if ('refused' in r) return r.refused;
      const { conn } = r;
      try {
        const data = await deps.clientFor(conn).getAnalyticsData(linkId, conn.workspaceId);
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
      const r = await ready();
      if ('refused' in r) return r.refused.status === 'error' ? r.refused : { status: 'not-configured' };
      const { conn } = r;
      try {
        const page = await deps
          .clientFor(conn)
          .listLinks({ workspaceId: conn.workspaceId, cursor, pageSize: PICKER_PAGE_SIZE, orderBy: 'createdDate', orderType: 'desc' });
        return {
          status: 'done',
          links: page.list.map((l) => toLinkView(toCachedLink(l))),
          // The service's cursor is the offset of the next page.
          nextCursor: page.pageInfo.hasNext ? page.pageInfo.cursor : null,
        };
      } catch (err) {
        return { status: 'error', error: toErrorInfo(err) };
      }
    },
  };
}
