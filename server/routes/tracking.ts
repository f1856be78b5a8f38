import { Hono } from 'hono';
import type * as v from 'valibot';
import { TrackLeadBodySchema, TrackSaleBodySchema } from '../../lib/api/schemas';
import { assertWorkspace } from '../http/auth';
import type { ApiEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { idempotencyScope, readIdempotencyKey } from '../http/idempotency';
import { readJson } from '../http/validate';
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
  const linkInWorkspace = ctx.db.prepare<[string, string], number>('SELECT 1 FROM links WHERE id = ? AND workspace_id = ?').pluck();
  const insert = ctx.db.prepare(
    `INSERT INTO events (workspace_id, link_id, kind, event_name, customer_id, customer_name, customer_email, metadata,
       amount, currency, invoice_id, payment_processor, created_date)
     VALUES (@workspaceId, @linkId, @kind, @eventName, @customerId, @customerName, @customerEmail, @metadata,
       @amount, @currency, @invoiceId, @paymentProcessor, @createdDate)`,
  );

  function record(kind: 'lead' | 'sale', event: Lead & Partial<Sale>) {
    if (linkInWorkspace.get(event.linkId, event.workspaceId) === undefined) {
      throw new ApiError('LINK_NOT_FOUND', 'linkId does not name a link of this workspace');
    }
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

  app.post('/track/lead', async (c) => {
    const key = readIdempotencyKey(c);
    const { body, fingerprint } = await readJson(c, TrackLeadBodySchema);
    assertWorkspace(c, body.workspaceId);
    return idempotency.commit(c, idempotencyScope(c, key, body.workspaceId, fingerprint), () => record('lead', body)).response;
  });

  app.post('/track/sale', async (c) => {
    const key = readIdempotencyKey(c);
    const { body, fingerprint } = await readJson(c, TrackSaleBodySchema);
    assertWorkspace(c, body.workspaceId);
    return idempotency.commit(c, idempotencyScope(c, key, body.workspaceId, fingerprint), () => record('sale', body)).response;
  });

  return app;
}
