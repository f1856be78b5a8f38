import type { Handler } from 'hono';
import { UpdateLinkBodySchema } from '../../lib/contract/schemas';
import type { ApiEnv } from '../http/env';
import { createLinkFinder } from '../links/find-link';
import { toLink } from '../links/link-record';
import { addWorkspaceTags } from '../tags/workspace-tags';
import { mutatingRoute } from './mutation';
import type { RouteDeps } from './route-deps';

/**
 * PATCH /link and its twin PATCH /tag (docs/design.md): `deleteLink: true` deletes
 * the link and wins over `tags`; otherwise `tags` replaces the link's tags and
 * tags new to the workspace join its tag list (all within its limit, or
 * nothing changes: TAG_LIMIT_REACHED). The answer is the Link; after a
 * delete it is the link as it was, with linkActive false, since it is gone.
 * With an Idempotency-Key a retried delete replays that answer instead of
 * failing with LINK_NOT_FOUND.
 */
export function updateLinkHandler(deps: RouteDeps): Handler<ApiEnv> {
  const { ctx, idempotency } = deps;
  const { db, config } = ctx;
  const findLink = createLinkFinder(db);

  return mutatingRoute(idempotency, UpdateLinkBodySchema, async (c, { body, auth, scope }) => {
    const { response } = await idempotency.commit(c, scope, async () => {
      const row = await findLink(body.workspaceId, body.linkId);
      if (body.deleteLink === true) {
        await db.run('DELETE FROM links WHERE id = ?', [row.id]);
        return { status: true, data: { ...toLink(row, config), linkActive: false, modifiedBy: auth.tokenName } };
      }
      // `{deleteLink: false}` alone asks for nothing: the link is answered unchanged.
      if (body.tags === undefined) return { status: true, data: toLink(row, config) };
      // In NFC already (TagNameSchema): NFC-equal spellings are one tag here too.
      const tags = [...new Set(body.tags)];
      await addWorkspaceTags(db, body.workspaceId, tags, ctx.now().toISOString());
      await db.run('UPDATE links SET tags = ?, modified_by = ? WHERE id = ?', [JSON.stringify(tags), auth.tokenName, row.id]);
      const updated = { ...row, tags: JSON.stringify(tags), modified_by: auth.tokenName };
      return { status: true, data: toLink(updated, config) };
    });
    return response;
  });
}
