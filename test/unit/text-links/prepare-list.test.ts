import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUrls } from '../../../lib/text-links/find-urls';
import { MAX_BATCH_URLS, MAX_TEXT_BYTES, utf8Length } from '../../../lib/batch/limits';
import { createListBuilder, prepareList } from '../../../lib/text-links/prepare-list';
import { cacheKeyOf } from '../../../lib/storage/keys';
import { urlArb } from '../bulk/prose-arbitrary';

const listOf = (text: string, own: string[] = []) => prepareList(findUrls(text, 'text'), own);

describe('prepareList', () => {
  it('folds duplicates by the link cache normal form, keeping the first line and counting the rest', () => {
    const list = listOf('https://A.example/x\nHTTPS://a.example/x\nhttps://a.example:443/x and https://b.example\nhttps://b.example/');
    expect(list.valid).toEqual([
      { url: 'https://a.example/x', line: 1, count: 3 },
      { url: 'https://b.example/', line: 3, count: 2 },
    ]);
    expect(list.duplicates).toBe(3);
    expect(list.keys).toEqual(['https://a.example/x', 'https://a.example/x', 'https://a.example/x', 'https://b.example/', 'https://b.example/']);
  });

  it('its key is the cache key for every URL (lib/storage/keys.ts)', () => {
    fc.assert(
      fc.property(urlArb, (url) => {
        const [key] = prepareList(findUrls(url, 'text'), []).keys;
        expect(key).toBe(cacheKeyOf(url));
      }),
    );
  });

  it.each([
    ['javascript:alert(1)', 'scheme'],
    ['data:text/html,<b>x', 'scheme'],
    ['ftp://files.example/a', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['https://user:secret@a.example/', 'credentials'],
    [`https://a.example/${'x'.repeat(2100)}`, 'too-long'],
    ['https://sho.rt/abc', 'own-host'],
    ['https://SHO.RT./abc', 'own-host'],
    ['http://[::1/x', 'invalid'],
  ])('refuses %s with its reason, and never lists it as valid', (text, problem) => {
    const list = listOf(`before ${text} after`, ['sho.rt']);
    expect(list.valid).toEqual([]);
    expect(list.refused).toEqual([expect.objectContaining({ problem, line: 1, count: 1 })]);
    expect(list.keys).toEqual([null]);
  });

  it('shows a refused entry once, cut to a length a row can show', () => {
    const data = `data:image/png;base64,${'A'.repeat(5000)}`;
    const list = listOf(`${data}\n${data}`);
    expect(list.refused).toHaveLength(1);
    expect(list.refused[0]?.count).toBe(2);
    expect(list.refused[0]?.text.length).toBe(300);
    expect(list.duplicates).toBe(1);
  });

  it('holds at most 1,000 valid, distinct URLs: one more and the batch is refused', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `https://a.example/${i}`).join('\n');
    expect(listOf(lines(MAX_BATCH_URLS)).tooMany).toBe(false);
    expect(listOf(`${lines(MAX_BATCH_URLS)}\n${lines(MAX_BATCH_URLS)}`).tooMany).toBe(false);
    const over = listOf(lines(5000));
    expect(over.tooMany).toBe(true);
    expect(over.valid).toHaveLength(5000);
  });

  it('gives the same list built in slices as in one go', () => {
    const text = Array.from({ length: 50 }, (_, i) => `line ${i} https://a.example/${i % 17} javascript:x${i % 3}`).join('\n');
    const found = findUrls(text, 'text');
    const builder = createListBuilder([]);
    for (let i = 0; i < found.length; i += 7) builder.add(found.slice(i, i + 7));
    expect(builder.result()).toEqual(prepareList(found, []));
  });
});

describe('limits', () => {
  it('counts UTF-8 bytes as the encoder does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
      }),
    );
    expect(utf8Length('a😀हि')).toBe(1 + 4 + 6);
  });

  it('2 MB is 2 MiB of UTF-8', () => {
    expect(MAX_TEXT_BYTES).toBe(2_097_152);
  });
});
