/**
 * Leads and sales through the whole path: an extension page asks the
 * background (as the side panel's conversions forms do), the background
 * records through the offline queue, and the real service stores the event.
 * The forms' rules are unit-tested (test/unit/conversions/controller.test.ts);
 * the last test fills them in the side panel.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { AnswerOf, MessageName, Reply, RequestOf } from '../../lib/messaging/send-message';
import { eventually, useExtension } from './fixture';

interface StoredEvent {
  kind: string;
  link_id: string;
  event_name: string;
  customer_id: string;
  customer_email: string | null;
  amount: number | null;
  currency: string | null;
  invoice_id: string | null;
}

describe('conversions', () => {
  const h = useExtension({ connect: true });
  let page: Page;
  let linkId: string;

  /** Sends a message from an extension page, as the side panel does, and returns the background's answer. */
  async function ask<N extends MessageName>(type: N, data: RequestOf<N>): Promise<AnswerOf<N>> {
    const reply = await page.evaluate(
      (envelope) => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage(envelope),
      { type, data },
    );
    const answer = reply as Reply<N>;
    if (!answer.ok) throw new Error(answer.error);
    return answer.value;
  }

  /** The service's own record: its tracking table, read straight from its database. */
  function stored(kind: 'lead' | 'sale'): Promise<StoredEvent[]> {
    return h.service.ctx.db.all<StoredEvent>(
      'SELECT kind, link_id, event_name, customer_id, customer_email, amount, currency, invoice_id FROM events WHERE kind = ? ORDER BY id',
      [kind],
    );
  }

  before(async () => {
    const res = await fetch(`${h.service.url}/api/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: `${h.site.url}/pricing` }),
    });
    linkId = ((await res.json()) as { data: { linkId: string } }).data.linkId;
    assert.ok(linkId);
    page = await h.openPage('options.html');
  });

  it('records a lead and a sale, and the service stores them', async () => {
    const lead = await ask('recordLead', { linkId, eventName: 'signup', customerId: 'cus_1', customerEmail: 'ann@example.com' });
    assert.equal(lead.status, 'done');
    assert.ok(lead.status === 'done' && !Number.isNaN(Date.parse(lead.timestamp)), 'the service gave its timestamp');

    const sale = await ask('recordSale', { linkId, eventName: 'purchase', customerId: 'cus_1', amount: 123450, currency: 'inr', invoiceId: 'INV-1' });
    assert.equal(sale.status, 'done');

    assert.deepEqual((await stored('lead')), [
      { kind: 'lead', link_id: linkId, event_name: 'signup', customer_id: 'cus_1', customer_email: 'ann@example.com', amount: null, currency: null, invoice_id: null },
    ]);
    assert.deepEqual((await stored('sale')), [
      { kind: 'sale', link_id: linkId, event_name: 'purchase', customer_id: 'cus_1', customer_email: null, amount: 123450, currency: 'INR', invoice_id: 'INV-1' },
    ]);
  });

  it("a 4xx comes back in the service's words and is not queued", async () => {
    const answer = await ask('recordSale', { linkId: 'no-such-link', eventName: 'purchase', customerId: 'cus_1', amount: 100, currency: 'USD' });
    assert.equal(answer.status, 'error');
    assert.ok(answer.status === 'error' && answer.error.kind === 'service' && answer.error.message.length > 0);
    assert.deepEqual((await ask('queueStatus', {})).items, []);
  });

  it('an offline sale is queued, listed as waiting, and stored exactly once when back online', async () => {
    const before = (await stored('sale')).length;
    await h.context.setOffline(true);
    try {
      const answer = await ask('recordSale', { linkId, eventName: 'renewal', customerId: 'cus_2', amount: 1999, currency: 'USD' });
      assert.equal(answer.status, 'queued');
      const { items } = await ask('queueStatus', {});
      assert.equal(items.length, 1);
      // What the options page words as 'Record sale "renewal": $19.99' (test/unit/i18n/queue-text.test.ts).
      assert.deepEqual(items[0]?.work, { kind: 'track-sale', eventName: 'renewal', amount: 1999, currency: 'USD' });
      assert.equal((await stored('sale')).length, before, 'nothing reached the service');
    } finally {
      await h.context.setOffline(false);
    }

    await eventually(async () => ((await ask('queueStatus', {})).items.length === 0 ? true : undefined), 'the queue to empty', 20_000);
    const renewals = (await stored('sale')).filter((e) => e.event_name === 'renewal');
    assert.deepEqual(renewals, [
      { kind: 'sale', link_id: linkId, event_name: 'renewal', customer_id: 'cus_2', customer_email: null, amount: 1999, currency: 'USD', invoice_id: null },
    ]);
    // Later replays (alarm, page opened) find nothing left to send.
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await stored('sale')).filter((e) => e.event_name === 'renewal').length, 1, 'stored exactly once');
  });

  it('the side panel\'s forms record a sale typed in the currency\'s own format and confirm with the service\'s time', async () => {
    const panel = await h.openPage(`sidepanel.html?linkId=${encodeURIComponent(linkId)}`);
    await panel.getByText('Record a lead or sale for this link').click();
    const sale = panel.getByRole('form', { name: 'Record a sale' });
    await sale.getByLabel('Event name').fill('panel-renewal');
    await sale.getByLabel('Customer ID').fill('cus_9');
    await sale.getByLabel('Currency').selectOption('INR');
    await sale.getByLabel('Amount').fill('1,234.5');
    await sale.getByRole('button', { name: 'Record sale' }).click();
    await sale.getByText(/^Recorded at /).waitFor();
    const rows = (await stored('sale')).filter((e) => e.event_name === 'panel-renewal');
    assert.deepEqual(rows.map((e) => [e.customer_id, e.amount, e.currency]), [['cus_9', 123450, 'INR']]);

    // A refused amount changes nothing and says why, next to the field.
    await sale.getByLabel('Amount').fill('12.345');
    await sale.getByRole('button', { name: 'Record sale' }).click();
    await sale.getByText('INR has at most 2 decimal places.', { exact: true }).waitFor();
    assert.equal((await stored('sale')).filter((e) => e.event_name === 'panel-renewal').length, 1);
    await panel.close();
  });
});
