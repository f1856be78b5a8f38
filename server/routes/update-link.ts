import type { Handler } from 'hono';
import { UpdateLinkBodySchema } from '../../lib/api/schemas';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { idempotencyScope, readIdempotencyKey } from '../http/idempotency';
import { readJson } from '../http/validate';
import { LINK_COLUMNS, toLink, type LinkRow } from '../links/link-record';
import type { RouteDeps } from './route-deps';

/**
 * PATCH /link and its twin PATCH /tag (DESIGN.md): `deleteLink: true` deletes
 * the link and wins over `tags`; otherwise `tags` replaces the link's tags and
 * tags new to the workspace join its tag list. The answer is the Link; after a
 * delete it is the link as it was, with linkActive false, since it is gone.
 * With an Idempotency-Key a retried delete replays that answer instead of
 * failing with LINK_NOT_FOUND.
 */
export function updateLinkHandler(deps: RouteDeps): Handler<ApiEnv> {
  const { ctx, idempotency } = deps;
  const { db, config } = ctx;
  const find = db.prepare<[string, string], LinkRow>(`SELECT ${LINK_COLUMNS} FROM links WHERE id = ? AND workspace_id = ?`);
  const remove = db.prepare('DELETE FROM links WHERE id = ?');
  const setTags = db.prepare('UPDATE links SET tags = ?, modified_by = ? WHERE id = ?');
  const addTag = db.prepare('INSERT OR IGNORE INTO tags (workspace_id, name, created_date) VALUES (?, ?, ?)');

  return async (c) => {
    const key = readIdempotencyKey(c);
    const { body, fingerprint } = await readJson(c, UpdateLinkBodySchema);
    const auth = assertWorkspace(c, body.workspaceId);
    const scope = idempotencyScope(c, key, body.workspaceId, fingerprint);
    const { response } = idempotency.commit(c, scope, () => {
      const row = find.get(body.linkId, body.workspaceId);
      if (!row) throw new ApiError('LINK_NOT_FOUND', 'linkId does not name a link of this workspace');
      if (body.deleteLink === true) {
        remove.run(row.id);
        return { status: true, data: { ...toLink(row, config), linkActive: false, modifiedBy: auth.tokenName } };
      }
      // `{deleteLink: false}` alone asks for nothing: the link is answered unchanged.
      if (body.tags === undefined) return { status: true, data: toLink(row, config) };
      const tags = [...new Set(body.tags)];
      const created = ctx.now().toISOString();
      for (const tag of tags) addTag.run(body.workspaceId, tag, created);
      setTags.run(JSON.stringify(tags), auth.tokenName, row.id);
      const updated = { ...row, tags: JSON.stringify(tags), modified_by: auth.tokenName };
      return { status: true, data: toLink(updated, config) };
    });
    return response;
  };
}
