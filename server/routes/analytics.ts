import { Hono } from 'hono';
import * as v from 'valibot';
import { IdSchema } from '../../lib/contract/schemas';
import { computeAnalytics } from '../analytics/compute';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { readParams } from '../http/validate';
import { createLinkFinder } from '../links/find-link';
import type { RouteDeps } from './route-deps';

/** The path's ids, held to the id rules. Here, not in lib/contract: the extension keeps the ids it is given opaque. */
const AnalyticsPathSchema = v.object({ linkId: IdSchema, workspaceId: IdSchema });

/** GET /link/:linkId/:workspaceId: a link's click analytics, for links of a granted workspace only. */
export function analyticsRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx } = deps;
  const app = new Hono<ApiEnv>();
  const findLink = createLinkFinder(ctx.db);

  app.get('/link/:linkId/:workspaceId', async (c) => {
    const { linkId, workspaceId } = readParams(c, AnalyticsPathSchema);
    // Workspace first: an unknown and a foreign link must look the same.
    assertWorkspace(c, workspaceId);
    await findLink(workspaceId, linkId);
    return c.json({ status: true, data: await computeAnalytics(ctx.db, linkId, ctx.now()) });
  });

  return app;
}
