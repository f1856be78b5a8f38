/**
 * The workspace's tags for pages (the popup's tag filter): GET /tag through
 * the background, which owns the network (DESIGN.md, Data flow). A service
 * answering with something else than a list of tag names is an error the
 * page words (invalid-response), never a list it draws.
 */
import type { ApiClient } from '../api/client';
import { toErrorInfo } from '../api/errors';
import { NO_HOST_PERMISSION } from '../describe-error';
import type { AnswerOf } from '../messages';
import { isConfigured, type Connection } from '../settings';

export interface TagsDeps {
  getConnection: () => Promise<Connection>;
  clientFor: (conn: Connection) => Pick<ApiClient, 'listTags'>;
  hasHostPermission: (baseUrl: string) => Promise<boolean>;
}

export function createTagHandlers(deps: TagsDeps) {
  return {
    async listTags(): Promise<AnswerOf<'listTags'>> {
      const conn = await deps.getConnection();
      if (!isConfigured(conn)) return { status: 'not-configured' };
      if (!(await deps.hasHostPermission(conn.baseUrl))) {
        return { status: 'error', error: { kind: 'network', code: NO_HOST_PERMISSION, message: 'The browser has not granted access to the service.' } };
      }
      try {
        const tags = await deps.clientFor(conn).listTags(conn.workspaceId);
        // Sorted once here, so every page lists them alike.
        return { status: 'done', tags: [...new Set(tags)].sort((a, b) => a.localeCompare(b)) };
      } catch (err) {
        return { status: 'error', error: toErrorInfo(err) };
      }
    },
  };
}
