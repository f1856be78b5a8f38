import { TAGS_PER_WORKSPACE_MAX } from '../../lib/contract/workspace-limits';
import type { Sql } from '../db/sql';
import { ApiError } from '../http/errors';

/**
 * Adds `tags` (stored form: TagNameSchema) to a workspace's tag list and
 * answers the ones that were new. Tags the workspace has are left as they are,
 * so creating or setting them never fails; new ones must fit within
 * TAGS_PER_WORKSPACE_MAX (GET /tag answers the whole list), all of them or
 * none: TAG_LIMIT_REACHED. Call it inside the request's transaction, so the
 * refusal undoes the rest of the change.
 */
export async function addWorkspaceTags(db: Sql, workspaceId: string, tags: readonly string[], createdDate: string): Promise<string[]> {
  if (tags.length === 0) return [];
  // Additions to one workspace wait for each other (on every instance), so together they cannot pass the limit.
  await db.lock(`tags ${workspaceId}`);
  const known = await db.all<{ name: string }>(
    `SELECT name FROM tags WHERE workspace_id = ? AND name IN (${tags.map(() => '?').join(', ')})`,
    [workspaceId, ...tags],
  );
  const knownNames = new Set(known.map((row) => row.name));
  const fresh = tags.filter((tag) => !knownNames.has(tag));
  if (fresh.length === 0) return [];
  const held = Number((await db.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM tags WHERE workspace_id = ?', [workspaceId]))?.n ?? 0);
  if (held + fresh.length > TAGS_PER_WORKSPACE_MAX) {
    throw new ApiError(
      'TAG_LIMIT_REACHED',
      `A workspace holds at most ${TAGS_PER_WORKSPACE_MAX} tags; this one has ${held} and the request adds ${fresh.length} new. ` +
        'Use tags the workspace has already',
    );
  }
  for (const tag of fresh) {
    await db.run('INSERT INTO tags (workspace_id, name, created_date) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [workspaceId, tag, createdDate]);
  }
  return fresh;
}
