/**
 * "Shorten the links in this text box", decided without the page: the URLs
 * of a field's text found and judged by the bulk page's code, a rich
 * editor's text nodes kept apart (a URL split by markup is left alone), the
 * limit that sends a field to the bulk page, and each text node's new text.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyField, FIELD_URLS_MAX, planField, type FieldSegment } from '../../../lib/menus/field-links';
import { fieldCountsText } from '../../../lib/menus/field-links-text';
import { useCatalogue } from '../fixtures/catalogue';

const OWN = ['sho.rt'];
const plain = (text: string): FieldSegment[] => [{ at: 0, text, breakBefore: false }];
const shorts: Record<string, string> = {
  'https://a.example/one': 'https://sho.rt/AAAAAAA',
  'https://b.example/two?x=1': 'https://sho.rt/BBBBBBB',
  'https://c.example/three': 'https://sho.rt/CCCCCCC',
};
const shortOf = (key: string) => shorts[key];

describe('planField', () => {
  it("finds a textarea's URLs as the bulk page does: folded, judged, the service's own refused", () => {
    const text = 'See (https://a.example/one), https://b.example/two?x=1.\nAgain https://A.example/one and https://sho.rt/Zz, javascript:alert(1)';
    const plan = planField(plain(text), OWN);
    expect(plan.text).toBe(text);
    expect(plan.found.map((f) => f.raw)).toEqual(['https://a.example/one', 'https://b.example/two?x=1', 'https://A.example/one', 'https://sho.rt/Zz', 'javascript:alert(1)']);
    expect(plan.list.valid.map((v) => [v.url, v.count])).toEqual([
      ['https://a.example/one', 2],
      ['https://b.example/two?x=1', 1],
    ]);
    expect(plan.list.refused.map((r) => r.problem)).toEqual(['own-host', 'scheme']);
    expect(plan.split).toBe(0);
    expect(plan.tooMany).toBe(false);
  });

  it("joins a rich editor's text nodes as read: a line between blocks, nothing inside a line", () => {
    const segments: FieldSegment[] = [
      { at: 0, text: 'Our ', breakBefore: false },
      { at: 1, text: 'notes', breakBefore: false },
      { at: 2, text: ': https://a.example/one', breakBefore: false },
      { at: 4, text: 'https://c.example/three', breakBefore: true },
    ];
    const plan = planField(segments, OWN);
    expect(plan.text).toBe('Our notes: https://a.example/one\nhttps://c.example/three');
    expect(plan.starts).toEqual([0, 4, 9, 33]);
    expect(plan.found.map((f) => f.raw)).toEqual(['https://a.example/one', 'https://c.example/three']);
  });

  it('leaves a URL that runs over two text nodes (split by markup) as written, and counts it', () => {
    const segments: FieldSegment[] = [
      { at: 0, text: 'Read https://a.example/', breakBefore: false },
      { at: 1, text: 'one', breakBefore: false },
      { at: 2, text: ' and https://c.example/three', breakBefore: false },
    ];
    const plan = planField(segments, OWN);
    expect(plan.split).toBe(1);
    expect(plan.found.map((f) => f.raw)).toEqual(['https://c.example/three']);
  });

  it(`sends a field with more than ${FIELD_URLS_MAX} distinct URLs to the bulk page; repeats do not count`, () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://a.example/${i}`).join(' ');
    expect(planField(plain(urls(FIELD_URLS_MAX)), OWN).tooMany).toBe(false);
    expect(planField(plain(`${urls(FIELD_URLS_MAX)} ${urls(FIELD_URLS_MAX)}`), OWN).tooMany).toBe(false);
    expect(planField(plain(urls(FIELD_URLS_MAX + 1)), OWN).tooMany).toBe(true);
  });
});

describe('applyField', () => {
  it("replaces every URL of a textarea with its short link and nothing else, Replace in text's way", () => {
    const text = 'See (https://a.example/one), https://b.example/two?x=1.\nAgain https://a.example/one and javascript:alert(1)';
    const segments = plain(text);
    const result = applyField(segments, planField(segments, OWN), shortOf);
    expect(result.text).toBe('See (https://sho.rt/AAAAAAA), https://sho.rt/BBBBBBB.\nAgain https://sho.rt/AAAAAAA and javascript:alert(1)');
    expect(result.after).toEqual([result.text]);
    expect(result.replaced).toBe(3);
    expect(result.refused).toBe(0);
    expect(result.changes).toEqual([
      {
        at: 0,
        text: result.text,
        links: [
          { url: 'https://a.example/one', short: 'https://sho.rt/AAAAAAA' },
          { url: 'https://b.example/two?x=1', short: 'https://sho.rt/BBBBBBB' },
          { url: 'https://a.example/one', short: 'https://sho.rt/AAAAAAA' },
        ],
      },
    ]);
  });

  it("changes only the rich editor's text nodes that hold a URL, each with the links an anchor around it may point at", () => {
    const segments: FieldSegment[] = [
      { at: 0, text: 'Our ', breakBefore: false },
      { at: 2, text: 'https://a.example/one', breakBefore: false },
      { at: 3, text: ' and ', breakBefore: false },
      { at: 4, text: 'https://b.example/two?x=1', breakBefore: false },
      { at: 6, text: 'Also https://c.example/three, thanks.', breakBefore: true },
    ];
    const result = applyField(segments, planField(segments, OWN), shortOf);
    expect(result.changes).toEqual([
      { at: 2, text: 'https://sho.rt/AAAAAAA', links: [{ url: 'https://a.example/one', short: 'https://sho.rt/AAAAAAA' }] },
      { at: 4, text: 'https://sho.rt/BBBBBBB', links: [{ url: 'https://b.example/two?x=1', short: 'https://sho.rt/BBBBBBB' }] },
      { at: 6, text: 'Also https://sho.rt/CCCCCCC, thanks.', links: [{ url: 'https://c.example/three', short: 'https://sho.rt/CCCCCCC' }] },
    ]);
    expect(result.after.join('')).toBe('Our https://sho.rt/AAAAAAA and https://sho.rt/BBBBBBBAlso https://sho.rt/CCCCCCC, thanks.');
    expect(result.text).toBe('Our https://sho.rt/AAAAAAA and https://sho.rt/BBBBBBB\nAlso https://sho.rt/CCCCCCC, thanks.');
    expect(result.replaced).toBe(3);
  });

  it('leaves a URL without a link yet as written, and refuses a short link that is not a plain address', () => {
    const segments = plain('https://a.example/one https://b.example/two?x=1 https://c.example/three');
    const result = applyField(segments, planField(segments, OWN), (key) =>
      key === 'https://a.example/one' ? 'https://sho.rt/AAAAAAA' : key === 'https://b.example/two?x=1' ? 'https://sho.rt/"><b>x' : undefined,
    );
    expect(result.text).toBe('https://sho.rt/AAAAAAA https://b.example/two?x=1 https://c.example/three');
    expect(result.replaced).toBe(1);
    expect(result.refused).toBe(1);
    expect(result.changes[0]!.links).toEqual([{ url: 'https://a.example/one', short: 'https://sho.rt/AAAAAAA' }]);
  });

  it('changes nothing when no URL has a link', () => {
    const segments = plain('https://a.example/one');
    expect(applyField(segments, planField(segments, OWN), () => undefined)).toMatchObject({ changes: [], replaced: 0, text: 'https://a.example/one' });
  });
});

describe('fieldCountsText', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useCatalogue();
  });

  it.each([
    [{ replaced: 3, refused: 0, waiting: 0, failed: 0 }, '3 links replaced.'],
    [{ replaced: 1, refused: 1, waiting: 0, failed: 0 }, "1 link replaced, 1 can't be shortened."],
    [{ replaced: 0, refused: 2, waiting: 1, failed: 1 }, "2 can't be shortened, 1 waits for your service, 1 failed."],
    [{ replaced: 12, refused: 0, waiting: 2, failed: 3 }, '12 links replaced, 2 wait for your service, 3 failed.'],
    [{ replaced: 0, refused: 0, waiting: 0, failed: 0 }, '0 links replaced.'],
  ])('%j: %s', (counts, words) => {
    expect(fieldCountsText(counts)).toBe(words);
  });
});
