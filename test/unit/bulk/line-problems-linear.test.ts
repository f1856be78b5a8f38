/**
 * The problem-line scan reads the URLs found once, in order, however many
 * there are: counted as reads of the list (not timed), a one-liner of
 * `<img src='…'/>` repeated must not read each URL again for every later one.
 */
import { describe, expect, it } from 'vitest';
import { findUrls, type FoundUrl } from '../../../lib/text-links/find-urls';
import { lineProblemSlices } from '../../../lib/bulk/line-problems';

/** `found` behind a proxy that counts every element read. */
function counted(found: FoundUrl[]): { list: FoundUrl[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy(found, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver);
    },
  });
  return { list, reads: () => reads };
}

describe('the problem-line scan over many URLs', () => {
  it.each([1_000, 4_000])('reads the %i URLs of an HTML one-liner a few times each, not once per later URL', (n) => {
    const text = Array.from({ length: n }, (_, i) => `<img src='https://a.example/x${i}.png'/>`).join(' ');
    const found = findUrls(text, 'html');
    expect(found).toHaveLength(n);
    const { list, reads } = counted(found);
    for (const _slice of lineProblemSlices(text, 'html', list)) {
      // Every slice is read through.
    }
    expect(reads()).toBeLessThan(8 * n);
  });
});
