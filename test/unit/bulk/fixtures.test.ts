/**
 * Replace in text on real-looking documents (./fixtures): an HTML newsletter,
 * Markdown notes, a CSV file and prose. Each fixture's `.urls.json` lists the
 * URLs written in it, as a reader sees them; the test finds exactly those,
 * and after Replace in text the document is still the same document: the
 * same markup (tags, attributes, comments, CSV fields) with only the
 * addresses changed, and the short links are found where the URLs were.
 */
import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { TextFormat } from '../../../lib/batch/batch-types';
import { csvFields } from '../../../lib/text-links/csv-fields';
import { findUrls } from '../../../lib/text-links/find-urls';
import { prepareList } from '../../../lib/text-links/prepare-list';
import { replaceUrls } from '../../../lib/text-links/replace-in-text';
import { textFormat } from '../../../lib/bulk/text-format';

const FIXTURES = ['newsletter.html', 'notes.md', 'links.csv', 'prose.txt'];

function fixture(name: string): { text: string; format: TextFormat; urls: string[] } {
  const at = new URL(`./fixtures/${name}`, import.meta.url);
  const expected = JSON.parse(readFileSync(new URL(`./fixtures/${name}.urls.json`, import.meta.url), 'utf8')) as { format: TextFormat; urls: string[] };
  return { text: readFileSync(at, 'utf8'), ...expected };
}

/** Every URL replaced by a short link of its own. */
function replaced(text: string, format: TextFormat): { out: string; shorts: string[] } {
  const found = findUrls(text, format);
  const { keys } = prepareList(found, []);
  const distinct = [...new Set(keys.filter((k): k is string => k !== null))];
  const shortOf = new Map(distinct.map((key, i) => [key, `https://s.example/${i}`]));
  const out = replaceUrls(text, found, keys, (k) => shortOf.get(k)).text;
  return { out, shorts: keys.map((k) => (k === null ? '' : shortOf.get(k)!)) };
}

/** The markup of an HTML text without its words and values: tags, attribute names, comments. */
function skeleton(html: string): string[] {
  const events: string[] = [];
  const parser = new Parser({
    onopentag: (name, attribs) => events.push(`<${name} ${Object.keys(attribs).join(' ')}>`),
    onclosetag: (name) => events.push(`</${name}>`),
    oncomment: () => events.push('<!---->'),
  });
  parser.write(html);
  parser.end();
  return events;
}

describe.each(FIXTURES)('%s', (name) => {
  const { text, format, urls } = fixture(name);

  it('is read in its format', () => {
    expect(textFormat(text, name.endsWith('.csv') ? { name, type: 'text/csv' } : undefined)).toBe(format);
  });

  it('has exactly the URLs written in it', () => {
    const found = findUrls(text, format);
    expect(found.map((f) => f.url)).toEqual(urls);
    for (const f of found) expect(text.slice(f.start, f.end)).toBe(f.raw);
  });

  it('after Replace in text, has the short links where the URLs were, and its markup unchanged', () => {
    const { out, shorts } = replaced(text, format);
    expect(findUrls(out, format).map((f) => f.url)).toEqual(shorts);
    if (format === 'html') expect(skeleton(out)).toEqual(skeleton(text));
    if (format === 'csv') expect(csvFields(out).length).toBe(csvFields(text).length);
  });
});
