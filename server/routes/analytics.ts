import { Hono } from 'hono';
import { computeAnalytics } from '../analytics/compute';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { ApiError } from '../http/errors';
import type { RouteDeps } from './route-deps';

/** GET /link/:linkId/:workspaceId: a link's click analytics, for links of a granted workspace only. */
export function analyticsRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx } = deps;
  const app = new Hono<ApiEnv>();
  const linkInWorkspace = ctx.db.prepare<[string, string], number>('SELECT 1 FROM links WHERE id = ? AND workspace_id = ?').pluck();

  app.get('/link/:linkId/:workspaceId', (c) => {
    const { linkId, workspaceId } = c.req.param();
    // Workspace first: an unknown and a foreign link must look the same.
    assertWorkspace(c, workspaceId);
    if (linkInWorkspace.get(linkId, workspaceId) === undefined) {
      throw new ApiError('LINK_NOT_FOUND', 'linkId does not name a link of this workspace');
    }
    return c.json({ status: true, data: computeAnalytics(ctx.db, linkId, ctx.now()) });
  });

  return app;
}
