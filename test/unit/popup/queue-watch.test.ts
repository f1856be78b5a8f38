import { describe, expect, it } from 'vitest';
import { QUEUE_STATUS_NAME, waitingIdsOf } from '../../../lib/popup/queue-watch';

describe('waitingIdsOf: the item ids of the stored queue status', () => {
  it('reads the ids of a status', () => {
    expect(waitingIdsOf({ items: [{ id: 'a', state: 'pending' }, { id: 'b' }], pausedForAuth: false })).toEqual(['a', 'b']);
    expect(waitingIdsOf({ items: [], pausedForAuth: false })).toEqual([]);
  });

  it.each([undefined, null, 'x', {}, { items: 'a' }, { items: [{}] }, { items: [{ id: 1 }] }, { items: [null] }])('concludes nothing from %o', (value) => {
    expect(waitingIdsOf(value)).toBeNull();
  });

  it('names the raw storage key the background writes', () => {
    expect(QUEUE_STATUS_NAME).toBe('queueStatus');
  });
});
