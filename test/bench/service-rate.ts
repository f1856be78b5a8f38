/** The service's own creation rate on this machine, for a bench to set the extension's beside it. */
import { randomUUID } from 'node:crypto';
import type { Harness } from '../e2e/fixture';

/** `n` POST /api/link straight to the service, `parallel` at a time (the queue's cap is 6), each with its own key: links per second. */
export async function serviceCreateRate(h: Harness, n: number, parallel: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        const i = next++;
        const res = await fetch(`${h.service.url}/api/link`, {
          method: 'POST',
          headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: `${h.site.url}/direct-${i}` }),
        });
        if (res.status !== 200) throw new Error(`direct create answered ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}
