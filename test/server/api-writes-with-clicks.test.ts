/**
 * Link creations while the click writer thread commits clicks to the same
 * file: each API write must wait for the other's lock, not fail with
 * SQLITE_BUSY (a 500) because a commit came between its read and its write.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let harness: Harness | undefined;
afterAll(() => harness?.close());

describe('API writes beside the click writer thread', () => {
  it('creates every link while clicks are being written', async () => {
    harness = await startHarness({ clickFlushMs: 10 });
    const token = await harness.token('busy');
    const statuses = new Map<number, number>();
    for (let i = 0; i < 500; i += 1) {
      const created = await harness.call('POST', '/link', {
        token, body: { workspaceId: 'busy', keywordType: 'CUSTOM', keyword: `busy${i}`, longUrl: 'https://example.com/' },
      });
      statuses.set(created.status, (statuses.get(created.status) ?? 0) + 1);
      await Promise.all([1, 2, 3].map(() => fetch(`${harness?.server.url}/busy${i}`, { redirect: 'manual' })));
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 500 });
  }, 60_000);
});
