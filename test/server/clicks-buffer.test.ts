import { describe, expect, it } from 'vitest';
import { ClickBuffer, FIELDS, type ClickBatch } from '../../server/clicks/click-batch';
import { createBatchLabeller } from '../../server/clicks/label-batch';
import type { VisitInfo } from '../../server/clicks/recorder-port';

const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

function visit(i: number, extra: Partial<VisitInfo> = {}): VisitInfo {
  return { linkId: `l${i % 2}`, at: i, userAgent: UA, referrer: '', country: null, state: null, city: null, ...extra };
}

/** The visits a batch carries, read back from its columns. */
function read(batch: ClickBatch): { linkId: string; at: number; userAgent: string; country: string }[] {
  return Array.from(batch.at, (at, n) => ({
    linkId: batch.strings[batch.refs[n * FIELDS] as number] as string,
    at,
    userAgent: batch.strings[batch.refs[n * FIELDS + 1] as number] as string,
    country: batch.strings[batch.refs[n * FIELDS + 3] as number] as string,
  }));
}

describe('click buffer', () => {
  it('keeps clicks in order, in chunks of chunkSize, each distinct string once per chunk', () => {
    const buffer = new ClickBuffer(3);
    for (let i = 0; i < 7; i += 1) buffer.push(visit(i, { country: i === 4 ? 'IN' : null }));
    expect(buffer.length).toBe(7);
    const batches = buffer.takeAll();
    expect(batches.map((b) => b.at.length)).toEqual([3, 3, 1]);
    expect(batches[0]?.strings).toEqual(['', 'l0', UA, 'l1']);
    expect(batches.flatMap(read).map((v) => [v.linkId, v.at, v.userAgent, v.country])).toEqual(
      Array.from({ length: 7 }, (_, i) => [`l${i % 2}`, i, UA, i === 4 ? 'IN' : '']),
    );
    expect(buffer.length).toBe(0);
    expect(buffer.peek()).toBeUndefined();
  });

  it('drops the oldest click first, across chunks; peek and shift take one chunk at a time', () => {
    const buffer = new ClickBuffer(2);
    for (let i = 0; i < 5; i += 1) buffer.push(visit(i));
    buffer.dropOldest();
    buffer.dropOldest();
    buffer.dropOldest();
    expect(buffer.length).toBe(2);
    expect(read(buffer.peek() as ClickBatch).map((v) => v.at)).toEqual([3]);
    buffer.shift();
    expect(read(buffer.peek() as ClickBatch).map((v) => v.at)).toEqual([4]);
    buffer.shift();
    expect(buffer.length).toBe(0);
    buffer.push(visit(9));
    expect(buffer.takeAll().flatMap(read).map((v) => v.at)).toEqual([9]);
  });

  it('labels a batch as stored rows', () => {
    const buffer = new ClickBuffer(10);
    buffer.push(visit(0, { referrer: 'https://t.co/x?y=1', country: 'DE', city: 'S%C3%A3o%20Paulo' }));
    buffer.push(visit(1, { userAgent: '' }));
    expect(createBatchLabeller()(buffer.takeAll()[0] as ClickBatch)).toEqual([
      { linkId: 'l0', atMs: 0, browser: 'Firefox', device: 'Desktop', platform: 'Linux', country: 'DE', state: 'Unknown', city: 'São Paulo', referrer: 'https://t.co' },
      { linkId: 'l1', atMs: 1, browser: 'Unknown', device: 'Unknown', platform: 'Unknown', country: 'Unknown', state: 'Unknown', city: 'Unknown', referrer: '' },
    ]);
  });
});
