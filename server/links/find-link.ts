import type { Db } from '../db/open';
import { ApiError } from '../http/errors';
import { LINK_COLUMNS, type LinkRow } from './link-record';

/**
 * The link `linkId` of `workspaceId`, or LINK_NOT_FOUND. A link of another
 * workspace is not found either, with the same message, so a caller learns
 * nothing about links it may not see (the workspace grant is checked first).
 */
export function createLinkFinder(db: Db): (workspaceId: string, linkId: string) => LinkRow {
  const find = db.prepare<[string, string], LinkRow>(`SELECT ${LINK_COLUMNS} FROM links WHERE id = ? AND workspace_id = ?`);
  return (workspaceId, linkId) => {
    const row = find.get(linkId, workspaceId);
    if (!row) throw new ApiError('LINK_NOT_FOUND', 'linkId does not name a link of this workspace');
    return row;
  };
}
