import { Hono } from 'hono';
import { computeAnalytics } from '../analytics/compute';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { createLinkFinder } from '../links/find-link';
import type { RouteDeps } from './route-deps';

/** GET /link/:linkId/:workspaceId: a link's click analytics, for links of a granted workspace only. */
export function analyticsRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx } = deps;
  const app = new Hono<ApiEnv>();
  const findLink = createLinkFinder(ctx.db);

  app.get('/link/:linkId/:workspaceId', async (c) => {
    const { linkId, workspaceId } = c.req.param();
    // Workspace first: an unknown and a foreign link must look the same.
    assertWorkspace(c, workspaceId);
    await findLink(workspaceId, linkId);
    return c.json({ status: true, data: await computeAnalytics(ctx.db, linkId, ctx.now()) });
  });

  return app;
}
