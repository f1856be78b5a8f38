import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { HOSTILE_PAGES } from './hostile-html';

const PAGE_BYTES = 512 * 1024;
const CHUNKS = 16;
const CHUNK_GAP_MS = 60;

let hostile: Server;
let base: string;
let h: Harness;
let pageServed = false;

beforeAll(async () => {
  // Serves the worst page for a regex scanner, slowly: the fetch is under way while redirects are asked for.
  const worst = HOSTILE_PAGES[0]?.page(PAGE_BYTES) ?? '';
  hostile = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    const size = Math.ceil(worst.length / CHUNKS);
    let sent = 0;
    const next = () => {
      if (sent >= worst.length) {
        res.end();
        return;
      }
      res.write(worst.slice(sent, sent + size));
      sent += size;
      pageServed = sent >= worst.length;
      setTimeout(next, CHUNK_GAP_MS);
    };
    next();
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  h = await startHarness({ allowPrivateFetch: true });
});
afterAll(async () => {
  await h.close();
  hostile.closeAllConnections();
  await new Promise((resolve) => hostile.close(resolve));
});

/** One redirect over a fresh connection; its time from request to answer. */
function redirect(url: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('redirect did not answer within 5 s')));
    req.on('error', reject);
    req.end();
  });
}

describe('a hostile destination page', () => {
  it('does not stop redirects from answering while it is fetched and scanned', async () => {
    const token = await h.token('hostile-ws');
    const made = await h.call('POST', '/link', { token, body: { workspaceId: 'hostile-ws', keywordType: 'HASH', longUrl: `${base}/worst` } });
    expect(made.status).toBe(200);
    const { shortUrl } = made.json.data as { shortUrl: string };

    const idle = h.server.ctx.metadata.idle().then(() => true);
    let fetched = false;
    void idle.then(() => (fetched = true));
    const times: number[] = [];
    // Through the whole fetch, and a while after the last byte (where a slow scan would run).
    for (let round = 0; !fetched || round < 5; round += 1) {
      const answer = await redirect(shortUrl);
      expect(answer.status).toBe(302);
      times.push(answer.ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (round > 400) throw new Error('the metadata fetch did not finish');
    }
    expect(pageServed).toBe(true);
    expect(times.length).toBeGreaterThan(10);
    // Generous for a loaded machine: a redirect takes well under 1 ms of work; the old scanner blocked for minutes.
    expect(Math.max(...times)).toBeLessThan(1000);
  }, 30_000);
});
