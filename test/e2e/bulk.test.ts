/**
 * Bulk shortening (bulk.html) in Chromium against the real service: a pasted
 * list made exactly once with the worker stopped twice, a selection's links,
 * every tab of a window, a service answering 429, Cancel, and the exports
 * compared with the service's own list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, eventually, useExtension, type Harness } from './fixture';
import { BulkPage } from './pages/bulk-page';
import { linksMade, stopWorker } from './queue-load';

/** A deterministic shuffle (the same order on every run). */
function shuffled<T>(list: readonly T[], seed = 7): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** 300 lines: 250 distinct valid URLs, 30 repeats of them spelt otherwise, 20 that can't be shortened. */
function threeHundredLines(h: Harness, prefix: string): string {
  const valid = Array.from({ length: 250 }, (_, i) => `${h.site.url}/${prefix}${i}`);
  const repeats = Array.from({ length: 30 }, (_, i) => valid[i * 7]!.replace('http://', i % 2 === 0 ? 'HTTP://' : 'http://').replace(`/${prefix}`, `/./${prefix}`));
  const invalid = [
    ...Array.from({ length: 5 }, (_, i) => `javascript:alert(${i})`),
    ...Array.from({ length: 5 }, (_, i) => `data:text/plain,hello${i}`),
    ...Array.from({ length: 4 }, (_, i) => `${h.site.url}/${'x'.repeat(2100)}${i}`),
    ...Array.from({ length: 3 }, (_, i) => `http://user:pass@127.0.0.1/${i}`),
    ...Array.from({ length: 3 }, (_, i) => `ftp://files.example/${i}`),
  ];
  return shuffled([...valid, ...repeats, ...invalid]).join('\n');
}

describe('bulk shortening', () => {
  const h = useExtension({ clipboard: true, connect: true, createRateLimitPerMinute: 1_000_000 });

  it('a pasted list of 300 lines makes exactly its 250 valid, distinct links, once each, with the worker stopped twice', async () => {
    const bulk = await BulkPage.open(h);
    const prefix = 'list-';
    await bulk.paste(threeHundredLines(h, prefix));
    const summary = await bulk.summary(/250 links to shorten/);
    assert.match(summary, /30 repeats folded/);
    assert.match(summary, /20 can't be shortened/);
    assert.deepEqual(await axeViolations(bulk.page), []);

    // A slower service, so the stops surely fall in the middle of the batch.
    h.setServiceDelay(40);
    await bulk.shorten();
    const made = (n: number) => eventually(async () => ((await linksMade(h, `${h.site.url}/${prefix}`)).total >= n ? true : undefined), `${n} made`, 60_000);
    await made(60);
    await stopWorker(h, bulk.page);
    assert.ok((await linksMade(h, `${h.site.url}/${prefix}`)).total < 250, 'the first stop came during the batch');
    await made(150);
    await stopWorker(h, bulk.page);
    assert.ok((await linksMade(h, `${h.site.url}/${prefix}`)).total < 250, 'the second stop came during the batch');

    const counts = await bulk.finished();
    h.setServiceDelay(0);
    assert.match(counts, /^Done: 250 links made\.$/);
    const after = await linksMade(h, `${h.site.url}/${prefix}`);
    assert.equal(after.distinct, 250, 'every link made');
    assert.equal(after.total, 250, 'none made twice');
    const rows = await bulk.rows();
    assert.equal(rows.length, 250);
    assert.ok(rows.every((r) => r.status === 'Made' && /^http:\/\/127\.0\.0\.1:\d+\/\w{7}$/.test(r.shortUrl)));
    await bulk.page.close();
  });
});
