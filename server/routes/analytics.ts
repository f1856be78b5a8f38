import { Hono } from 'hono';
import * as v from 'valibot';
import { IdSchema } from '../../lib/contract/schemas';
import { computeAnalytics } from '../analytics/compute';
import { requestZone } from '../analytics/zone-days';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { readParams } from '../http/validate';
import { createLinkFinder } from '../links/find-link';
import type { RouteDeps } from './route-deps';

/** The path's ids, held to the id rules. Here, not in lib/contract: the extension keeps the ids it is given opaque. */
const AnalyticsPathSchema = v.object({ linkId: IdSchema, workspaceId: IdSchema });

/**
 * GET /link/:linkId/:workspaceId: a link's click analytics, for links of a granted workspace only.
 * `?timeZone=` (optional, docs/interface.md) groups the days in that zone; one Intl does not know is
 * not an error: the days are UTC days then, as without it, and the answer's `timeZone` says "UTC".
 */
export function analyticsRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx } = deps;
  const app = new Hono<ApiEnv>();
  const findLink = createLinkFinder(ctx.db);

  app.get('/link/:linkId/:workspaceId', async (c) => {
    const { linkId, workspaceId } = readParams(c, AnalyticsPathSchema);
    // Workspace first: an unknown and a foreign link must look the same.
    assertWorkspace(c, workspaceId);
    await findLink(workspaceId, linkId);
    const zone = requestZone(c.req.query('timeZone'));
    return c.json({ status: true, data: await computeAnalytics(ctx.db, linkId, ctx.now(), zone) });
  });

  return app;
}
