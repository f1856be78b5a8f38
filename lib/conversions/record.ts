/**
 * Recording a lead or a sale for a link (docs/design.md, Tracking), as lib/background/links/shorten.ts
 * does a shorten: the request is checked by the service's own schemas, then
 * handed with an idempotency key made now to the offline queue, which persists
 * it and sends it at once through the handler a replay uses. Unreachable, a
 * timeout, 429 or 5xx: it stays queued under that key, so a replay records the
 * event once. A 4xx comes back as the service's own words.
 */
import * as v from 'valibot';
import { toErrorInfo, type ErrorInfo } from '../api/errors';
import { INVALID_CONVERSION, NOT_CONFIGURED } from '../api/extension-codes';
import { TrackLeadBodySchema, TrackSaleBodySchema } from '../contract/schemas/tracking';
import type { OfflineQueue, PayloadOf, RunOutcome } from '../queue/queue';
import { FinalFailure } from '../queue/handlers';
import { queueProfileOf } from '../storage/profiles';
import { isConfigured, type Connection } from '../storage/settings';

/** What the page sends: the form's fields, with the amount already in minor units. */
export interface LeadRequest {
  linkId: string;
  eventName: string;
  customerId: string;
  customerName?: string;
  customerEmail?: string;
}

export interface SaleRequest extends LeadRequest {
  amount: number;
  currency: string;
  invoiceId?: string;
  paymentProcessor?: string;
}

export type ConversionOutcome =
  | { status: 'done'; timestamp: string }
  | { status: 'queued'; itemId: string }
  | { status: 'error'; error: ErrorInfo };

export interface ConversionsDeps {
  /** The queue's: persists the item and sends it now (lib/queue/queue.ts). */
  runNow: OfflineQueue['runNow'];
  settings: { getConnection(): Promise<Connection> };
  newKey?: () => string;
}

export interface Conversions {
  recordLead(request: LeadRequest): Promise<ConversionOutcome>;
  recordSale(request: SaleRequest): Promise<ConversionOutcome>;
}

export function createConversions(deps: ConversionsDeps): Conversions {
  const newKey = deps.newKey ?? (() => crypto.randomUUID());

  /** The body the service will get, checked by its own schema, or why it cannot be sent. */
  async function prepare<S extends typeof TrackLeadBodySchema | typeof TrackSaleBodySchema>(
    schema: S,
    request: LeadRequest | SaleRequest,
  ): Promise<{ body: v.InferOutput<S>; conn: Connection } | { refused: ConversionOutcome }> {
    const conn = await deps.settings.getConnection();
    if (!isConfigured(conn)) return { refused: invalid(NOT_CONFIGURED) };
    const parsed = v.safeParse(schema, { ...request, workspaceId: conn.workspaceId });
    // The page checks every field as it is typed; this guards the background against any other sender.
    if (!parsed.success) return { refused: invalid(INVALID_CONVERSION, [v.getDotPath(parsed.issues[0]) ?? '']) };
    return { body: parsed.output, conn };
  }

  async function send<K extends 'track-lead' | 'track-sale'>(kind: K, body: PayloadOf<K>, conn: Connection): Promise<ConversionOutcome> {
    let run: RunOutcome<K>;
    try {
      // The key is made once, now: a replay must be recognised by the service as this same event.
      run = await deps.runNow(kind, body, { idempotencyKey: newKey(), ...queueProfileOf(conn) });
    } catch (err) {
      return { status: 'error', error: toErrorInfo(err) };
    }
    if (run.status === 'done') return { status: 'done', timestamp: run.result.timestamp };
    if (run.status === 'queued') return { status: 'queued', itemId: run.item.id };
    return { status: 'error', error: refusal(run.error) };
  }

  return {
    async recordLead(request) {
      const prepared = await prepare(TrackLeadBodySchema, request);
      return 'refused' in prepared ? prepared.refused : send('track-lead', prepared.body, prepared.conn);
    },
    async recordSale(request) {
      const prepared = await prepare(TrackSaleBodySchema, request);
      return 'refused' in prepared ? prepared.refused : send('track-sale', prepared.body, prepared.conn);
    },
  };
}

function refusal(err: unknown): ErrorInfo {
  if (err instanceof FinalFailure) return { kind: 'service', code: err.code, message: err.message };
  return toErrorInfo(err);
}

function invalid(code: string, values: string[] = []): ConversionOutcome {
  return { status: 'error', error: { kind: 'invalid-input', code, message: code, ...(values.length > 0 ? { values } : {}) } };
}
