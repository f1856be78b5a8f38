import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractMetadata } from '../../server/metadata/extract';
import { scanHead, type ScannedHead } from '../../server/metadata/html-head';
import { HOSTILE_PAGES, benignPage } from './hostile-html';

const PAGE = new URL('https://www.example.com/a/b');
const FIELDS = new Set(['title', 'description', 'image', 'logo', 'author', 'publisher', 'date', 'url', 'metaTags']);
const CAPS: Record<string, number> = { title: 300, description: 1000, author: 200, publisher: 200, url: 2048, image: 2048, logo: 2048, metaTags: 4096, date: 24 };

/** Pieces of every tag and attribute shape, the stuff malformed heads are made of. */
const PIECES = [
  '<meta ', '<META ', '<link ', '<title>', '</title>', '<head>', '</head>', '<body>', '<script>', '</script>', '<style>',
  '<noscript>', '</noscript>', '<template>', '</template>', '<textarea>', '<svg>', '<!--', '-->', '--!>', '<!-->', '<![CDATA[', ']]>',
  '<!doctype html>', '<?xml ?>', '<', '>', '/>', '/', '=', '"', "'", '`', ' ', '\t', '\n', '&', '&amp;', '&#', '&#x', '&#0;', '&lt',
  'name=', 'property="og:title"', 'content=', 'content="', "content='", 'rel=icon', 'href=', 'href="//x"', 'charset=utf-8', '\u0000', 'é', '𝒳',
];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  // Long runs: where a backtracking scanner goes quadratic.
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 2, max: 3000 })).map(([p, n]) => p.repeat(n)) },
);
const html = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

function expectWellFormedHead(head: ScannedHead): void {
  expect(head.title === null || typeof head.title === 'string').toBe(true);
  expect(head.tags.length).toBeLessThanOrEqual(500);
  for (const tag of head.tags) {
    expect(['meta', 'link']).toContain(tag.name);
    for (const [name, value] of tag.attributes) {
      expect(name).toBe(name.toLowerCase());
      expect(typeof value).toBe('string');
    }
  }
}

function expectWellFormedMetadata(meta: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(meta)) {
    expect(FIELDS.has(field), field).toBe(true);
    expect(typeof value).toBe('string');
    const text = value as string;
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThanOrEqual(CAPS[field] ?? 0);
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u001f\u007f]/);
  }
  for (const field of ['image', 'logo', 'url'] as const) {
    if (meta[field] !== undefined) expect(new URL(meta[field] as string).protocol).toMatch(/^https?:$/);
  }
  if (meta.date !== undefined) expect(new Date(meta.date as string).toISOString()).toBe(meta.date);
  if (meta.metaTags !== undefined) expect(typeof JSON.parse(meta.metaTags as string)).toBe('object');
}

describe('head scanner on arbitrary and hostile markup', () => {
  it('always returns a well-formed head and metadata (fuzzed)', () => {
    fc.assert(
      fc.property(html, (input) => {
        expectWellFormedHead(scanHead(input));
        expectWellFormedMetadata(extractMetadata(input, PAGE));
      }),
      { numRuns: 400 },
    );
  });

  it('finds the real head behind any garbage that is closed before it (fuzzed)', () => {
    // Garbage inside a comment cannot hide the tags after it (without '-' and '>' it cannot end the comment early).
    const safeGarbage = html.map((g) => g.replace(/[->]/g, ''));
    fc.assert(
      fc.property(safeGarbage, (garbage) => {
        const meta = extractMetadata(`<!--${garbage}--><title>Found</title><meta name="description" content="Also found">`, PAGE);
        expect(meta).toMatchObject({ title: 'Found', description: 'Also found' });
      }),
      { numRuns: 200 },
    );
  });

  it.each(HOSTILE_PAGES.map(({ name, page }) => [name, page] as const))('%s at the 512 KB cap: well-formed result', (_name, page) => {
    const input = page(512 * 1024);
    expectWellFormedHead(scanHead(input));
    expectWellFormedMetadata(extractMetadata(input, PAGE));
  });

  it('a benign page of the same size gives its metadata', () => {
    expect(extractMetadata(benignPage(512 * 1024), PAGE)).toMatchObject({
      title: 'An ordinary page',
      description: 'A page of the usual kind, with a head and a long body.',
      image: 'https://www.example.com/cover.png',
      logo: 'https://www.example.com/favicon.ico',
      url: 'https://example.com/page',
    });
  });
});
