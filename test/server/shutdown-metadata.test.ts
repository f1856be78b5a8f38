import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from './harness';

let stalled: Server;
let base: string;
let requestsSeen = 0;

beforeAll(async () => {
  // Accepts every request and never answers: each metadata fetch would wait out its whole timeout.
  stalled = createServer(() => {
    requestsSeen += 1;
  });
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
});
afterAll(async () => {
  stalled.closeAllConnections();
  await new Promise((resolve) => stalled.close(resolve));
});

describe('shutdown with a full metadata queue', () => {
  it('close() aborts in-flight and queued fetches and returns within 3 s', async () => {
    const h = await startHarness({ allowPrivateFetch: true });
    const token = await h.token('shutdown-ws');
    for (let i = 0; i < 24; i += 1) {
      const made = await h.call('POST', '/link', { token, body: { workspaceId: 'shutdown-ws', keywordType: 'HASH', longUrl: `${base}/page-${i}` } });
      expect(made.status).toBe(200);
    }
    // The first fetches are under way (the fetcher reads 4 pages at once), the rest queued.
    await expect.poll(() => requestsSeen, { timeout: 3000 }).toBeGreaterThan(0);
    const started = performance.now();
    await h.close();
    const took = performance.now() - started;
    // Before: every page waited out its 5 s timeout, 4 at a time (about 30 s for 24 pages).
    expect(took).toBeLessThan(3000);
    // Queued pages were dropped, not fetched during shutdown.
    expect(requestsSeen).toBeLessThanOrEqual(8);
  }, 60_000);
});
