/** lib/options/shared-queue-error.ts: one error said once for the whole queue. */
import { describe, expect, it } from 'vitest';
import { sharedQueueError } from '../../../lib/options/shared-queue-error';

describe('sharedQueueError', () => {
  it('is the words every item shares', () => {
    expect(sharedQueueError([{ lastError: 'Could not reach the service.' }, { lastError: 'Could not reach the service.' }])).toBe('Could not reach the service.');
  });

  it('is none for one item, differing errors, or an item without one', () => {
    expect(sharedQueueError([{ lastError: 'x' }])).toBeNull();
    expect(sharedQueueError([{ lastError: 'x' }, { lastError: 'y' }])).toBeNull();
    expect(sharedQueueError([{ lastError: 'x' }, {}])).toBeNull();
    expect(sharedQueueError([])).toBeNull();
  });
});
