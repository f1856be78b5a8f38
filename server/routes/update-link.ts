import type { Handler } from 'hono';
import { UpdateLinkBodySchema } from '../../lib/api/schemas';
import type { ApiEnv } from '../http/env';
import { createLinkFinder } from '../links/find-link';
import { toLink } from '../links/link-record';
import { mutatingRoute } from './mutation';
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
  const findLink = createLinkFinder(db);
  const remove = db.prepare('DELETE FROM links WHERE id = ?');
  const setTags = db.prepare('UPDATE links SET tags = ?, modified_by = ? WHERE id = ?');
  const addTag = db.prepare('INSERT OR IGNORE INTO tags (workspace_id, name, created_date) VALUES (?, ?, ?)');

  return mutatingRoute(idempotency, UpdateLinkBodySchema, (c, { body, auth, scope }) => {
    const { response } = idempotency.commit(c, scope, () => {
      const row = findLink(body.workspaceId, body.linkId);
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
  });
}
