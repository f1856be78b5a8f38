import { Hono } from 'hono';
import { CreateTagBodySchema, TagListQuerySchema } from '../../lib/api/schemas';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { readQuery } from '../http/validate';
import { mutatingRoute } from './mutation';
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

  app.post('/tag', mutatingRoute(idempotency, CreateTagBodySchema, (c, { body, scope }) =>
    idempotency.commit(c, scope, () => {
      const { changes } = insert.run(body.workspaceId, body.tag, ctx.now().toISOString());
      return { status: true, data: changes === 1 ? `Tag "${body.tag}" created` : `Tag "${body.tag}" already exists` };
    }).response,
  ));

  app.patch('/tag', updateLinkHandler(deps));

  return app;
}
