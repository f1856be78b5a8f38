import { Hono } from 'hono';
import type * as v from 'valibot';
import { TrackLeadBodySchema, TrackSaleBodySchema } from '../../lib/api/schemas';
import type { ApiEnv } from '../http/env';
import { createLinkFinder } from '../links/find-link';
import { mutatingRoute } from './mutation';
import type { RouteDeps } from './route-deps';

type Lead = v.InferOutput<typeof TrackLeadBodySchema>;
type Sale = v.InferOutput<typeof TrackSaleBodySchema>;

/**
 * POST /track/lead and /track/sale: one event row each, for a link of the
 * workspace. The answer is `{status, success, timestamp}` at the top level
 * (lib/api/schemas/tracking.ts); timestamp is the event's recorded time.
 */
export function trackingRoutes(deps: RouteDeps): Hono<ApiEnv> {
  const { ctx, idempotency } = deps;
  const app = new Hono<ApiEnv>();
  const findLink = createLinkFinder(ctx.db);
  const insert = ctx.db.prepare(
    `INSERT INTO events (workspace_id, link_id, kind, event_name, customer_id, customer_name, customer_email, metadata,
       amount, currency, invoice_id, payment_processor, created_date)
     VALUES (@workspaceId, @linkId, @kind, @eventName, @customerId, @customerName, @customerEmail, @metadata,
       @amount, @currency, @invoiceId, @paymentProcessor, @createdDate)`,
  );

  function record(kind: 'lead' | 'sale', event: Lead & Partial<Sale>) {
    findLink(event.workspaceId, event.linkId);
    const timestamp = ctx.now().toISOString();
    insert.run({
      workspaceId: event.workspaceId,
      linkId: event.linkId,
      kind,
      eventName: event.eventName,
      customerId: event.customerId,
      customerName: event.customerName ?? null,
      customerEmail: event.customerEmail ?? null,
      metadata: event.metadata === undefined ? null : JSON.stringify(event.metadata),
      amount: event.amount ?? null,
      currency: event.currency ?? null,
      invoiceId: event.invoiceId ?? null,
      paymentProcessor: event.paymentProcessor ?? null,
      createdDate: timestamp,
    });
    return { status: true, success: true, timestamp };
  }

  app.post('/track/lead', mutatingRoute(idempotency, TrackLeadBodySchema, (c, { body, scope }) =>
    idempotency.commit(c, scope, () => record('lead', body)).response,
  ));

  app.post('/track/sale', mutatingRoute(idempotency, TrackSaleBodySchema, (c, { body, scope }) =>
    idempotency.commit(c, scope, () => record('sale', body)).response,
  ));

  return app;
}
