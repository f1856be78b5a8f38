import { Hono } from 'hono';
import { CreateTagBodySchema, TagListQuerySchema } from '../../lib/api/schemas';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { idempotencyScope, readIdempotencyKey } from '../http/idempotency';
import { readJson, readQuery } from '../http/validate';
import type { RouteDeps } from './route-deps';
import { updateLinkHandler } from './update-link';

/** GET /tag (sorted names), POST /tag (creating an existing tag succeeds), PATCH /tag (twin of PATCH /link). */
export function tagRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx, idempotency } = deps;
  const app = new Hono<ApiEnv>();
  // Sorted case-insensitively for people, then exactly, so the order is total and stable.
  const list = ctx.db
    .prepare<[string], string>('SELECT name FROM tags WHERE workspace_id = ? ORDER BY name COLLATE NOCASE, name')
    .pluck();
  const insert = ctx.db.prepare('INSERT OR IGNORE INTO tags (workspace_id, name, created_date) VALUES (?, ?, ?)');

  app.get('/tag', (c) => {
    const query = readQuery(c, TagListQuerySchema);
    assertWorkspace(c, query.workspaceId);
    return c.json({ status: true, data: list.all(query.workspaceId) });
  });

  app.post('/tag', async (c) => {
    const key = readIdempotencyKey(c);
    const { body, fingerprint } = await readJson(c, CreateTagBodySchema);
    assertWorkspace(c, body.workspaceId);
    const scope = idempotencyScope(c, key, body.workspaceId, fingerprint);
    const { response } = idempotency.commit(c, scope, () => {
      const { changes } = insert.run(body.workspaceId, body.tag, ctx.now().toISOString());
      return { status: true, data: changes === 1 ? `Tag "${body.tag}" created` : `Tag "${body.tag}" already exists` };
    });
    return response;
  });

  app.patch('/tag', updateLinkHandler(deps));

  return app;
}
