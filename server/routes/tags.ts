import { Hono } from 'hono';
import { CreateTagBodySchema, TagListQuerySchema } from '../../lib/contract/schemas';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { readQuery } from '../http/validate';
import { addWorkspaceTags } from '../tags/workspace-tags';
import { mutatingRoute } from './mutation';
import type { RouteDeps } from './route-deps';
import { updateLinkHandler } from './update-link';

/**
 * GET /tag (sorted names), POST /tag (creating an existing tag succeeds; a new one must fit the
 * workspace's limit), PATCH /tag (twin of PATCH /link). Names arrive in NFC (TagNameSchema), so
 * NFC-equal spellings are one tag.
 */
export function tagRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx, idempotency } = deps;
  const app = new Hono<ApiEnv>();
  const { db } = ctx;
  // Sorted case-insensitively for people, then exactly, so the order is total and stable. SQLite's
  // NOCASE folds ASCII letters only; PostgreSQL's lower() would fold more, so it is spelt out there.
  const caseless = db.dialect === 'sqlite' ? 'name COLLATE NOCASE' : "translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')";

  app.get('/tag', async (c) => {
    const query = readQuery(c, TagListQuerySchema);
    assertWorkspace(c, query.workspaceId);
    const rows = await db.all<{ name: string }>(`SELECT name FROM tags WHERE workspace_id = ? ORDER BY ${caseless}, name`, [query.workspaceId]);
    return c.json({ status: true, data: rows.map((row) => row.name) });
  });

  app.post('/tag', mutatingRoute(idempotency, CreateTagBodySchema, async (c, { body, scope }) =>
    (
      await idempotency.commit(c, scope, async () => {
        const added = await addWorkspaceTags(db, body.workspaceId, [body.tag], ctx.now().toISOString());
        return { status: true, data: added.length === 1 ? `Tag "${body.tag}" created` : `Tag "${body.tag}" already exists` };
      })
    ).response,
  ));

  app.patch('/tag', updateLinkHandler(deps));

  return app;
}
