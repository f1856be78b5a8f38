/** How a waiting lead or sale is named in the options page's queue, and why a refused one was refused. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { wireQueue } from '../../../lib/background/queue/queue-wiring';
import { trackingSubject } from '../../../lib/conversions/subject';
import { describeError } from '../../../lib/i18n/describe-error';
import { createQueueRunner } from '../../../lib/queue/queue';
import { queueWorkText } from '../../../lib/queue/queue-text';
import { createQueueStore } from '../../../lib/queue/store';
import type { QueueItemOf } from '../../../lib/queue/types';
import { useCatalogue } from '../fixtures/catalogue';
import { fakeService } from '../fixtures/fake-service';
import { WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();
const lead = { workspaceId: WORKSPACE, linkId: 'lnk_1', eventName: 'signup', customerId: 'cus_1' };
const sale = { ...lead, eventName: 'purchase', amount: 123450, currency: 'USD' };

function item<K extends 'track-lead' | 'track-sale'>(kind: K, payload: QueueItemOf<K>['payload']): QueueItemOf<K> {
  return { id: '1', kind, createdAt: 0, attempts: 0, nextAttemptAt: 0, idempotencyKey: 'k', payload, progress: null, state: 'pending' };
}

beforeEach(async () => {
  fakeBrowser.reset();
  useCatalogue();
  await store.clear();
  vi.stubGlobal('addEventListener', () => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('trackingSubject', () => {
  it.each([
    [item('track-lead', lead), 'en-US', 'Record lead "signup" for customer cus_1'],
    [item('track-sale', sale), 'en-US', 'Record sale "purchase": $1,234.50'],
    [item('track-sale', sale), 'de-DE', 'Record sale "purchase": 1.234,50\u00a0$'],
    [item('track-sale', { ...sale, amount: 1500, currency: 'JPY' }), 'en-US', 'Record sale "purchase": ¥1,500'],
    // A stored payload that is not an amount is still shown as it is.
    [item('track-sale', { ...sale, amount: -3 }), 'en-US', 'Record sale "purchase": -3 USD'],
  ])('%#: %s', (queued, locale, text) => {
    expect(trackingSubject(queued, locale)).toBe(text);
  });

  it('names a waiting sale in the options page', async () => {
    const service = fakeService();
    service.fail('POST', '/track/sale', () => {
      throw new TypeError('Failed to fetch');
    });
    const queue = createQueueRunner({ getClient: () => service.client, now: () => Date.now() + 60_000, random: () => 0.5, locks: null, store });
    await queue.enqueue('track-sale', sale, { error: new TypeError('Failed to fetch') });
    const wiring = wireQueue(queue, () => undefined);
    const { items } = await wiring.status();
    expect(items.map((i) => queueWorkText(i.work, 'en-US'))).toEqual(['Record sale "purchase": $1,234.50']);
  });
});

describe('describeError, for the codes a conversion may come back with', () => {
  it.each([
    ['NOT_CONFIGURED', [], 'Not connected to your service yet.'],
    ['INVALID_CONVERSION', ['customerEmail'], 'One of the fields is not valid.'],
  ])('%s', (code, values, what) => {
    expect(describeError({ kind: 'invalid-input', code, message: code, values }).what).toBe(what);
  });
});
