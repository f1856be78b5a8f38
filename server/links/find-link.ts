import type { Sql } from '../db/sql';
import { ApiError } from '../http/errors';
import { LINK_COLUMNS, type LinkRow } from './link-record';

/**
 * The link `linkId` of `workspaceId`, or LINK_NOT_FOUND. A link of another
 * workspace is not found either, with the same message, so a caller learns
 * nothing about links it may not see (the workspace grant is checked first).
 */
export function createLinkFinder(db: Sql): (workspaceId: string, linkId: string) => Promise<LinkRow> {
  return async (workspaceId, linkId) => {
    const row = await db.get<LinkRow>(`SELECT ${LINK_COLUMNS} FROM links WHERE id = ? AND workspace_id = ?`, [linkId, workspaceId]);
    if (!row) throw new ApiError('LINK_NOT_FOUND', 'linkId does not name a link of this workspace');
    return row;
  };
}
