/**
 * Random documents with URLs written in markup, for the bulk property tests:
 * HTML (attributes in both quote kinds, comments, text with punctuation),
 * Markdown (emphasis, strike-through, links, autolinks, reference
 * definitions, code), CSV (quoted and bare fields) and prose (punctuation
 * and brackets). A document is pieces, literal markup and URLs, so a test
 * knows what must be found and what Replace in text must give back: the
 * same pieces with each URL's short link in its place.
 */
import fc from 'fast-check';
import type { TextFormat } from '../../../lib/batch/batch-types';
import { urlArb } from './prose-arbitrary';

export type Piece = { lit: string } | { url: string };

export interface MarkupDoc {
  format: TextFormat;
  pieces: Piece[];
}

/** The document with every URL written as `write` gives it (HTML escapes `&` in an address as `&amp;`). */
export function render(doc: MarkupDoc, write: (url: string) => string): string {
  return doc.pieces.map((p) => ('lit' in p ? p.lit : write(p.url))).join('');
}

/** A URL between two pieces of markup. */
type Wrap = readonly [string, string];

const HTML_WRAPS: readonly Wrap[] = [
  ['<a href="', '">a page</a>'],
  ["<a href='", "' class=x>a page</a>"],
  ["<img src='", "'/>"],
  ['<img src="', '"/>'],
  ["<a href = '", "' >b</a>"],
  ['<!-- ', '-->'],
  ['<!--', '-->'],
  ['<!-- ', ' -->'],
  ['<p>Read ', '.</p>'],
  ['<td>(', ')</td>'],
  ['<li>', ', then more</li>'],
  ["<p>'", "'</p>"],
  ['<p>', '&nbsp;next</p>'],
];

const MARKDOWN_WRAPS: readonly Wrap[] = [
  ['_', '_'],
  ['*', '*'],
  ['**', '**'],
  ['__', '__'],
  ['~~', '~~'],
  ['~', '~'],
  ['[a link](', ')'],
  ['[a link](', ' "A title")'],
  ['<', '>'],
  ['[ref]: ', ''],
  ['`', '`'],
  ['**[bold](', ')**'],
  ['_<', '>_'],
  ['<!-- ', '-->'],
  ["<img src='", "'/>"],
];

const PROSE_WRAPS: readonly Wrap[] = [
  ['', ''],
  ['see ', '.'],
  ['(', ')'],
  ['(see ', ').'],
  ['[', ']'],
  ['', ','],
  ['', ';'],
  ['', ':'],
  ['', '!?'],
  ['', '...'],
  ["'", "'"],
  ['"', '"'],
  ['“', '”'],
  ['', '*'],
  ['', '।'],
];

const CSV_CELLS: readonly Wrap[] = [
  ['"', '"'],
  ['"see ', ', then"'],
  ['"_', '_"'],
  ['"(', ')."'],
  ['"<a href=\'', '\'>x</a>"'],
  ['"<!-- ', '-->"'],
];

const words = fc.constantFrom('Hello', 'the list:', 'हिंदी', '1,000', '(note)', '[x]', 'e.g.', 'a - b', 'example.com', '—', '😀');
const gap = fc.constantFrom(' ', '\n', '\r\n', '  ', '\n\n');

function wrapped(wraps: readonly Wrap[], url: fc.Arbitrary<string> = urlArb): fc.Arbitrary<Piece[]> {
  return fc.tuple(fc.constantFrom(...wraps), url).map(([[open, close], u]) => [{ lit: open }, { url: u }, { lit: close }]);
}

/** Pieces separated by white space, with words between. */
function flow(piece: fc.Arbitrary<Piece[]>): fc.Arbitrary<Piece[]> {
  return fc
    .array(fc.tuple(fc.oneof(piece, words.map((w) => [{ lit: w }])), gap), { maxLength: 25 })
    .map((parts) => parts.flatMap(([pieces, space]) => [...pieces, { lit: space }]));
}

const html: fc.Arbitrary<MarkupDoc> = flow(wrapped(HTML_WRAPS)).map((pieces) => ({
  format: 'html' as const,
  pieces: [{ lit: '<!doctype html>\n<body>\n' }, ...pieces, { lit: '\n</body>' }],
}));

const markdown: fc.Arbitrary<MarkupDoc> = flow(fc.oneof(wrapped(MARKDOWN_WRAPS), wrapped(PROSE_WRAPS))).map((pieces) => ({ format: 'text' as const, pieces }));

const prose: fc.Arbitrary<MarkupDoc> = flow(wrapped(PROSE_WRAPS)).map((pieces) => ({ format: 'text' as const, pieces }));

/** A cell: a URL in a quoted field's markup, a bare URL (without the delimiter in it), or words. */
const cell: fc.Arbitrary<Piece[]> = fc.oneof(
  wrapped(CSV_CELLS),
  urlArb.filter((u) => !u.includes(',')).map((u) => [{ url: u }]),
  fc.constantFrom('plain', '"quoted, with comma"', '"say ""hi"""', '').map((lit) => [{ lit }]),
);

const csv: fc.Arbitrary<MarkupDoc> = fc.array(fc.array(cell, { minLength: 1, maxLength: 3 }), { maxLength: 8 }).map((rows) => ({
  format: 'csv' as const,
  pieces: [
    { lit: 'link,note\r\n' },
    ...rows.flatMap((cells) => [...cells.flatMap((c, i) => (i === 0 ? c : [{ lit: ',' }, ...c])), { lit: '\r\n' }]),
  ],
}));

/** A document in one of the four formats. */
export const markupDocArb: fc.Arbitrary<MarkupDoc> = fc.oneof(html, markdown, prose, csv);
