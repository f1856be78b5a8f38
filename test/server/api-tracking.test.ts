import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackResponseSchema } from '../../lib/contract/schemas';
import { errorOf, startHarness, type Harness } from './harness';

const at = new Date('2026-06-15T09:30:00.000Z');
let h: Harness;
let token: string;
let linkId: string;
const ws = 'track-ws';

beforeAll(async () => {
  h = await startHarness({}, { now: () => at });
  token = await h.token(ws);
  const made = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://shop.example/' } });
  linkId = (made.json.data as { linkId: string }).linkId;
});
afterAll(() => h.close());

const events = () => h.server.ctx.db.all<Record<string, unknown>>('SELECT * FROM events ORDER BY id');

describe('POST /track/lead and /track/sale', () => {
  it('a lead is recorded with its fields; the answer is {status, success, timestamp}', async () => {
    const answer = await h.call('POST', '/track/lead', {
      token,
      body: { workspaceId: ws, linkId, eventName: ' Sign up ', customerId: 'cus_1', customerName: 'Ada', customerEmail: 'ada@example.com', metadata: { plan: 'pro', seats: 3 } },
    });
    expect(answer.status).toBe(200);
    expect(v.parse(TrackResponseSchema, answer.body)).toEqual({ status: true, success: true, timestamp: at.toISOString() });
    expect((await events()).at(-1)).toMatchObject({
      workspace_id: ws,
      link_id: linkId,
      kind: 'lead',
      event_name: 'Sign up',
      customer_id: 'cus_1',
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      metadata: JSON.stringify({ plan: 'pro', seats: 3 }),
      amount: null,
      currency: null,
      created_date: at.toISOString(),
    });
  });

  it('a sale is recorded in minor units with an upper-cased ISO 4217 currency', async () => {
    const answer = await h.call('POST', '/track/sale', {
      token,
      body: { workspaceId: ws, linkId, eventName: 'Purchase', customerId: 'cus_1', amount: 4999, currency: 'eur', invoiceId: 'inv_7', paymentProcessor: 'stripe' },
    });
    expect(answer.status).toBe(200);
    expect(v.parse(TrackResponseSchema, answer.body).success).toBe(true);
    expect((await events()).at(-1)).toMatchObject({ kind: 'sale', amount: 4999, currency: 'EUR', invoice_id: 'inv_7', payment_processor: 'stripe', metadata: null });
  });

  it('a zero amount is a valid sale (a free order)', async () => {
    const answer = await h.call('POST', '/track/sale', { token, body: { workspaceId: ws, linkId, eventName: 'Free', customerId: 'c', amount: 0, currency: 'USD' } });
    expect(answer.status).toBe(200);
  });

  it('a retried event with its Idempotency-Key is recorded once', async () => {
    const key = randomUUID();
    const before = (await events()).length;
    const body = { workspaceId: ws, linkId, eventName: 'Purchase', customerId: 'cus_2', amount: 100, currency: 'USD' };
    const first = await h.call('POST', '/track/sale', { token, body, headers: { 'Idempotency-Key': key } });
    const second = await h.call('POST', '/track/sale', { token, body, headers: { 'Idempotency-Key': key } });
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await events()).length).toBe(before + 1);
  });

  it('events of a deleted link go with it; tracking it afterwards is LINK_NOT_FOUND', async () => {
    const made = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://shop.example/gone' } });
    const id = (made.json.data as { linkId: string }).linkId;
    await h.call('POST', '/track/lead', { token, body: { workspaceId: ws, linkId: id, eventName: 'e', customerId: 'c' } });
    expect((await events()).some((e) => e.link_id === id)).toBe(true);
    await h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId: id, deleteLink: true } });
    expect((await events()).some((e) => e.link_id === id)).toBe(false);
    const after = await h.call('POST', '/track/lead', { token, body: { workspaceId: ws, linkId: id, eventName: 'e', customerId: 'c' } });
    expect(errorOf(after).code).toBe('LINK_NOT_FOUND');
  });
});
