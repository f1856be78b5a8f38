/** What the user hears about queued work that finished or failed while no page watched it. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Clipboard } from '../../../lib/background/clipboard';
import { onQueuedFailed, onQueuedLinkDone } from '../../../lib/background/queue-outcomes';
import type { QueueItem, QueueItemOf } from '../../../lib/queue/queue';
import { useCatalogue } from '../fixtures/catalogue';
import { WORKSPACE } from '../fixtures/wire';

const clipboard: Clipboard = { copy: vi.fn(async () => true) };

function item<K extends 'track-lead' | 'track-sale'>(kind: K, payload: QueueItemOf<K>['payload']): QueueItemOf<K> {
  return { id: 'q1', kind, createdAt: 0, attempts: 1, nextAttemptAt: 0, idempotencyKey: 'k', payload, progress: null, state: 'pending' } as QueueItemOf<K>;
}

const sale = item('track-sale', {
  workspaceId: WORKSPACE, linkId: 'L1', eventName: 'renewal', customerId: 'c-7', amount: 1999, currency: 'USD',
});
const lead = item('track-lead', { workspaceId: WORKSPACE, linkId: 'L1', eventName: 'signup', customerId: 'c-8' });

let shown: { id: string; title: string; message: string }[];

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
  shown = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string, options: { title: string; message: string }) => {
    shown.push({ id, title: options.title, message: options.message });
    return id;
  }) as never);
});

describe('queued conversions', () => {
  it('a queued sale recorded later is announced with what it was', async () => {
    await onQueuedLinkDone(sale, { success: true, timestamp: '2026-11-23T02:00:00Z' }, { ranNow: false }, clipboard);
    expect(shown).toEqual([{ id: 'shortlink-queue-q1', title: 'Conversion recorded', message: expect.stringContaining('renewal') }]);
    expect(shown[0]?.message).toContain('19.99');
  });

  it('a sale recorded for a page that waits for it is not announced twice', async () => {
    await onQueuedLinkDone(sale, { success: true, timestamp: '2026-11-23T02:00:00Z' }, { ranNow: true }, clipboard);
    expect(shown).toEqual([]);
  });

  it('a queued lead the service refused says which and why', async () => {
    await onQueuedFailed(lead as QueueItem, { code: 'LINK_NOT_FOUND', message: 'linkId does not name a link of this workspace' });
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('A queued conversion could not be recorded');
    expect(shown[0]?.message).toContain('signup');
    expect(clipboard.copy).not.toHaveBeenCalled();
  });
});
