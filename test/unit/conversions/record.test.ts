/** Recording a lead or a sale: checked by the service's rules, run now through the queue, queued when unreachable. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConversions, type SaleRequest } from '../../../lib/conversions/record';
import { createQueueRunner } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { getConnection, saveConnection } from '../../../lib/storage/settings';
import { cutOffMidBody, fakeService, networkDown, status } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();
const T0 = Date.parse('2026-11-22T05:00:00Z');

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

async function setup(opts: { configured?: boolean } = {}) {
  if (opts.configured !== false) {
    expect((await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE })).ok).toBe(true);
  }
  const service = fakeService();
  const clock = { t: T0 };
  const queue = createQueueRunner({ getClient: () => service.client, now: () => clock.t, random: () => 0.5, locks: null, store });
  let keys = 0;
  const conversions = createConversions({ runNow: queue.runNow, settings: { getConnection }, newKey: () => `key-${++keys}` });
  return { service, queue, clock, conversions };
}

const lead = { linkId: 'lnk_1', eventName: 'signup', customerId: 'cus_1' };
const sale: SaleRequest = { ...lead, eventName: 'purchase', amount: 1999, currency: 'USD' };

describe('checks before sending anything', () => {
  it('not connected: says so, sends nothing', async () => {
    const { conversions, service } = await setup({ configured: false });
    expect(await conversions.recordLead(lead)).toEqual({
      status: 'error',
      error: { kind: 'invalid-input', code: 'NOT_CONFIGURED', message: 'NOT_CONFIGURED' },
    });
    expect(service.calls).toHaveLength(0);
  });

  it.each<[string, Partial<SaleRequest>, string]>([
    ['an empty event name', { eventName: '   ' }, 'eventName'],
    ['a customer id of 101 characters', { customerId: 'c'.repeat(101) }, 'customerId'],
    ['a tab in the customer name', { customerName: 'Ann\tLee' }, 'customerName'],
    ['an email that is not one', { customerEmail: 'ann at example' }, 'customerEmail'],
    ['a fractional amount', { amount: 19.5 }, 'amount'],
    ['a negative amount', { amount: -1 }, 'amount'],
    ['an amount over 2^53 - 1', { amount: Number.MAX_SAFE_INTEGER + 1 }, 'amount'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency'],
    ['an invoice id of 101 characters', { invoiceId: 'i'.repeat(101) }, 'invoiceId'],
    ['a bad link id', { linkId: 'no spaces' }, 'linkId'],
  ])('%s: refused, naming the field, nothing sent', async (_what, change, field) => {
    const { conversions, service, queue } = await setup();
    expect(await conversions.recordSale({ ...sale, ...change })).toEqual({
      status: 'error',
      error: { kind: 'invalid-input', code: 'INVALID_CONVERSION', message: 'INVALID_CONVERSION', values: [field] },
    });
    expect(service.calls).toHaveLength(0);
    expect(await queue.list()).toEqual([]);
  });
});

describe('online', () => {
  it('records a lead: the service gets the workspace, the trimmed fields and a key; the page gets its timestamp', async () => {
    const { conversions, service, queue } = await setup();
    const outcome = await conversions.recordLead({ ...lead, customerName: '  Ann Lee ', customerEmail: 'ann@example.com' });
    expect(outcome).toEqual({ status: 'done', timestamp: '2026-11-22T05:00:00.000Z' });
    const [sent] = service.sent('POST', '/track/lead');
    expect(sent?.body).toEqual({ workspaceId: WORKSPACE, ...lead, customerName: 'Ann Lee', customerEmail: 'ann@example.com' });
    expect(sent?.headers['idempotency-key']).toBe('key-1');
    await queue.settled();
    expect(await queue.list()).toEqual([]);
  });

  it('records a sale with its amount in minor units and the currency in upper case', async () => {
    const { conversions, service } = await setup();
    expect(await conversions.recordSale({ ...sale, currency: 'inr', invoiceId: 'INV-7', paymentProcessor: 'stripe' })).toMatchObject({ status: 'done' });
    expect(service.sent('POST', '/track/sale')[0]?.body).toEqual({
      workspaceId: WORKSPACE,
      ...sale,
      currency: 'INR',
      invoiceId: 'INV-7',
      paymentProcessor: 'stripe',
    });
    expect(service.events()).toHaveLength(1);
  });

  it("a 4xx is shown in the service's words and never queued", async () => {
    const { conversions, service, queue } = await setup();
    service.fail('POST', '/track/sale', status(400, 'LINK_NOT_FOUND'));
    expect(await conversions.recordSale(sale)).toEqual({
      status: 'error',
      error: { kind: 'service', code: 'LINK_NOT_FOUND', message: 'answer 400' },
    });
    await queue.settled();
    expect(await queue.list()).toEqual([]);
  });
});

describe('when the service cannot be reached', () => {
  it.each([
    ['unreachable', networkDown],
    ['a 503', status(503)],
  ])('%s: queued under its key; the replay stores the sale once', async (_what, fault) => {
    const { conversions, service, queue, clock } = await setup();
    service.fail('POST', '/track/sale', fault);
    const outcome = await conversions.recordSale(sale);
    await queue.settled();
    const [item] = await queue.list();
    expect(outcome).toEqual({ status: 'queued', itemId: item?.id });
    expect(item).toMatchObject({ kind: 'track-sale', idempotencyKey: 'key-1', state: 'pending', payload: { workspaceId: WORKSPACE, ...sale } });
    expect(service.events()).toHaveLength(0);

    clock.t += 10 * 60_000;
    expect(await queue.replay()).toMatchObject({ done: 1, remaining: 0 });
    expect(service.sent('POST', '/track/sale').map((c) => c.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
    expect(service.events()).toEqual([expect.objectContaining({ path: '/track/sale', body: { workspaceId: WORKSPACE, ...sale } })]);
  });

  it('an answer cut off after the service stored the lead: queued, and the replay under the same key stores nothing more', async () => {
    const { conversions, service, queue, clock } = await setup();
    service.garbleNext('POST', '/track/lead', cutOffMidBody);
    expect(await conversions.recordLead(lead)).toMatchObject({ status: 'queued' });
    await queue.settled();
    expect(service.events()).toHaveLength(1);
    clock.t += 10 * 60_000;
    expect(await queue.replay()).toMatchObject({ done: 1, remaining: 0 });
    expect(service.sent('POST', '/track/lead')).toHaveLength(2);
    expect(service.events()).toHaveLength(1);
  });
});
