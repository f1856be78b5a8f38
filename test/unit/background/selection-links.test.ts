/**
 * The function injected into the page for "Shorten links in selection", run
 * here on a linkedom document with a selection made by hand (linkedom has no
 * selection of its own): it stops at 1,001 distinct addresses and 2 MB in the
 * page, before anything is sent back.
 */
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it } from 'vitest';
import { READ_LIMITS, readSelection } from '../../../lib/background/menus/selection-links';
import { MAX_BATCH_URLS, MAX_TEXT_BYTES, utf8Length } from '../../../lib/batch/limits';

const realDocument = (globalThis as { document?: unknown }).document;
afterEach(() => {
  (globalThis as { document?: unknown }).document = realDocument;
});

/** A page whose whole body is selected: one range over it, its text as the selection's. */
function selectBody(html: string, text?: string): void {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const range = {
    commonAncestorContainer: document.body,
    intersectsNode: () => true,
  };
  const selection = { rangeCount: 1, getRangeAt: () => range, toString: () => text ?? document.body.textContent ?? '' };
  // linkedom's anchors give their attribute back as `href`, as a browser gives the resolved address.
  for (const a of document.querySelectorAll('a')) Object.defineProperty(a, 'href', { get: () => a.getAttribute('href') ?? '' });
  (globalThis as { document?: unknown }).document = { getSelection: () => selection };
}

describe('readSelection, in the page', () => {
  it('reads every anchor once, with its text as title, and the selection text', () => {
    selectBody('<p>See <a href="https://a.example/">A  page</a> and <a href="https://a.example/">again</a> <a href="https://b.example/">B</a></p>');
    expect(readSelection(READ_LIMITS)).toEqual({
      entries: [
        { url: 'https://a.example/', title: 'A page' },
        { url: 'https://b.example/', title: 'B' },
      ],
      text: 'See A  page and again B',
    });
  });

  it('stops at 1,001 distinct addresses among 5,000 anchors', () => {
    const anchors = Array.from({ length: 5000 }, (_, i) => `<a href="https://a.example/${i}">${i}</a>`).join(' ');
    selectBody(anchors, 'short text');
    const read = readSelection(READ_LIMITS);
    expect(READ_LIMITS.urls).toBe(MAX_BATCH_URLS + 1);
    expect(read.entries).toHaveLength(1001);
    expect(read.entries.at(-1)).toEqual({ url: 'https://a.example/1000', title: '1000' });
    expect(read.text).toBe('short text');
  });

  it('cuts a selection text past 2 MB to one character over, so the bulk page still calls it too big', () => {
    selectBody('<p>x</p>', 'https://a.example/ '.repeat(300_000));
    const read = readSelection(READ_LIMITS);
    expect(read.text.length).toBe(MAX_TEXT_BYTES + 1);
    expect(utf8Length(read.text)).toBeGreaterThan(MAX_TEXT_BYTES);
  });

  it('counts long addresses against the same 2 MB: text after them is cut, and the whole is still over', () => {
    const long = (i: number) => `https://a.example/${String(i).padStart(4, '0')}${'x'.repeat(3000)}`;
    selectBody(Array.from({ length: 900 }, (_, i) => `<a href="${long(i)}">t</a>`).join(''), 'y'.repeat(500_000));
    const read = readSelection(READ_LIMITS);
    // Each address is cut one past the service's 2,048 characters: refused as too long, not sent whole.
    expect(read.entries.every((e) => e.url.length === READ_LIMITS.urlChars)).toBe(true);
    const joined = [...read.entries.map((e) => e.url), ...(read.text === '' ? [] : [read.text])].join('\n');
    expect(joined.length).toBeGreaterThan(MAX_TEXT_BYTES);
    expect(joined.length).toBeLessThanOrEqual(MAX_TEXT_BYTES + READ_LIMITS.urlChars + 1);
    expect(read.entries).toHaveLength(900);
    expect(read.text.length).toBeLessThan(500_000);
  });

  it('cuts an anchor title to 300 characters without folding the whole anchor first', () => {
    selectBody(`<a href="https://a.example/">${'word '.repeat(100_000)}</a>`, 'x');
    const [entry] = readSelection(READ_LIMITS).entries;
    expect(entry?.title.length).toBe(300);
  });

  it('gives nothing when the page has no selection', () => {
    (globalThis as { document?: unknown }).document = { getSelection: () => null };
    expect(readSelection(READ_LIMITS)).toEqual({ entries: [], text: '' });
  });
});
