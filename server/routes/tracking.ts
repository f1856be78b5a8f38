import { Hono } from 'hono';
import type * as v from 'valibot';
import { TrackLeadBodySchema, TrackSaleBodySchema } from '../../lib/contract/schemas';
import type { ApiEnv } from '../http/env';
import { createLinkFinder } from '../links/find-link';
import { mutatingRoute } from './mutation';
import type { RouteDeps } from './route-deps';

type Lead = v.InferOutput<typeof TrackLeadBodySchema>;
type Sale = v.InferOutput<typeof TrackSaleBodySchema>;

/**
 * POST /track/lead and /track/sale: one event row each, for a link of the
 * workspace. The answer is `{status, success, timestamp}` at the top level
 * (lib/contract/schemas/tracking.ts); timestamp is the event's recorded time.
 */
export function trackingRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx, idempotency } = deps;
  const app = new Hono<ApiEnv>();
  const findLink = createLinkFinder(ctx.db);

  async function record(kind: 'lead' | 'sale', event: Lead & Partial<Sale>) {
    await findLink(event.workspaceId, event.linkId);
    const timestamp = ctx.now().toISOString();
    await ctx.db.run(
      `INSERT INTO events (workspace_id, link_id, kind, event_name, customer_id, customer_name, customer_email, metadata,
         amount, currency, invoice_id, payment_processor, created_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        event.workspaceId,
        event.linkId,
        kind,
        event.eventName,
        event.customerId,
        event.customerName ?? null,
        event.customerEmail ?? null,
        event.metadata === undefined ? null : JSON.stringify(event.metadata),
        event.amount ?? null,
        event.currency ?? null,
        event.invoiceId ?? null,
        event.paymentProcessor ?? null,
        timestamp,
      ],
    );
    return { status: true, success: true, timestamp };
  }

  app.post('/track/lead', mutatingRoute(idempotency, TrackLeadBodySchema, async (c, { body, scope }) =>
    (await idempotency.commit(c, scope, () => record('lead', body))).response,
  ));

  app.post('/track/sale', mutatingRoute(idempotency, TrackSaleBodySchema, async (c, { body, scope }) =>
    (await idempotency.commit(c, scope, () => record('sale', body))).response,
  ));

  return app;
}
