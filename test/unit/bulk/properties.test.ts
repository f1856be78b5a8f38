import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUrls } from '../../../lib/text-links/find-urls';
import { prepareList } from '../../../lib/text-links/prepare-list';
import { replaceUrls } from '../../../lib/text-links/replace-in-text';
import { checkDestinationUrl } from '../../../lib/contract/url';
import { markupDocArb, render } from './markup-arbitrary';
import { proseArb, urlArb } from './prose-arbitrary';

const bytes = (s: string) => Array.from(new TextEncoder().encode(s));

describe('every URL written into random prose is found once, and nothing else is', () => {
  it('plain text and Markdown', () => {
    fc.assert(
      fc.property(proseArb, ({ text, urls }) => {
        const found = findUrls(text, 'text');
        expect(found.map((f) => f.raw)).toEqual(urls);
        for (const f of found) {
          expect(text.slice(f.start, f.end)).toBe(f.raw);
          expect(f.line).toBe(text.slice(0, f.start).split(/\r\n|\r|\n/).length);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('HTML: in attributes and text, with & written as &amp;', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(urlArb, fc.boolean()), { maxLength: 12 }), (links) => {
        const html = links
          .map(([url, inText]) => {
            const escaped = url.replace(/&/g, '&amp;');
            return inText ? `<li>Read ${escaped}.</li>` : `<li><a href="${escaped}" class="x">a page</a></li>`;
          })
          .join('\n');
        expect(findUrls(`<ul>\n${html}\n</ul>`, 'html').map((f) => f.url)).toEqual(links.map(([url]) => url));
      }),
      { numRuns: 300 },
    );
  });

  it('CSV under a head row: one URL per cell, quoted when it holds a comma', () => {
    fc.assert(
      fc.property(fc.array(fc.array(urlArb, { minLength: 1, maxLength: 3 }), { maxLength: 10 }), (rows) => {
        // The head row says the delimiter (./csv-fields.ts): a lone column of URLs holding `;` would read as `;`-separated.
        const csv = ['link,other', ...rows.map((cells) => cells.map((u) => (u.includes(',') ? `"${u}"` : u)).join(','))].join('\r\n');
        expect(findUrls(csv, 'csv').map((f) => f.raw)).toEqual(rows.flat());
      }),
      { numRuns: 300 },
    );
  });
});

describe('replace in text keeps everything but the URLs byte for byte', () => {
  it('replaces each valid URL by its short link and copies every other byte', () => {
    fc.assert(
      fc.property(proseArb, fc.integer({ min: 0, max: 3 }), ({ text }, dropEvery) => {
        const found = findUrls(text, 'text');
        const { keys } = prepareList(found, []);
        // Some URLs have no link yet (dropEvery): they stay as written.
        const distinct = [...new Set(keys.filter((k): k is string => k !== null))];
        const shortOf = new Map(distinct.flatMap((key, i) => (dropEvery > 0 && i % (dropEvery + 1) === 0 ? [] : [[key, `https://s.rt/${i.toString(36)}`] as const])));
        const out = replaceUrls(text, found, keys, (k) => shortOf.get(k)).text;

        let inAt = 0;
        let outAt = 0;
        found.forEach((f, i) => {
          const key = keys[i];
          const short = key === null || key === undefined ? undefined : shortOf.get(key);
          const gapLength = f.start - inAt;
          expect(bytes(out.slice(outAt, outAt + gapLength))).toEqual(bytes(text.slice(inAt, f.start)));
          outAt += gapLength;
          const written = short ?? f.raw;
          expect(out.slice(outAt, outAt + written.length)).toBe(written);
          outAt += written.length;
          inAt = f.end;
        });
        expect(bytes(out.slice(outAt))).toEqual(bytes(text.slice(inAt)));
      }),
      { numRuns: 400 },
    );
  });
});

describe('URLs in markup: HTML, Markdown, CSV and prose', () => {
  it('Replace in text changes only the URLs, and the links are made to exactly the URLs written', () => {
    fc.assert(
      fc.property(markupDocArb, (doc) => {
        const html = doc.format === 'html';
        const text = render(doc, (url) => (html ? url.replace(/&/g, '&amp;') : url));
        const written = doc.pieces.flatMap((p) => ('url' in p ? [p.url] : []));
        const found = findUrls(text, doc.format);
        // What is sent: each URL as written (references decoded in HTML), nothing more or less.
        expect(found.map((f) => f.url)).toEqual(written);
        const { keys } = prepareList(found, []);
        const keyOf = (url: string) => {
          const verdict = checkDestinationUrl(url);
          if (!verdict.ok) throw new Error(`the arbitrary wrote an invalid URL: ${url}`);
          return verdict.url;
        };
        expect(keys).toEqual(written.map(keyOf));
        const shortOf = new Map([...new Set(written.map(keyOf))].map((key, i) => [key, `https://s.rt/${i.toString(36)}`]));
        const out = replaceUrls(text, found, keys, (k) => shortOf.get(k)).text;
        // The same document, each URL's characters replaced by its short link and every other character kept.
        expect(out).toBe(render(doc, (url) => shortOf.get(keyOf(url))!));
      }),
      { numRuns: 600 },
    );
  });
});
