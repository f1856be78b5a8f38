/**
 * Texts built to make a careless scanner slow, for each format the bulk page
 * reads (HTML, Markdown, CSV, prose), with what a correct reading of each
 * finds. Shared by test/unit/bulk/hostile-text.test.ts (results) and
 * test/bench/hostile-text.bench.ts (time on the main thread).
 */
import type { TextFormat } from '../../../lib/batch/batch-types';

export const KB_64 = 64 * 1024;
export const MB_2 = 2 * 1024 * 1024;

/** What the text is written as: Markdown and prose are both read as plain text. */
export type HostileKind = 'HTML' | 'Markdown' | 'CSV' | 'prose';

export interface HostileText {
  kind: HostileKind;
  format: TextFormat;
  name: string;
  /** About `size` characters of it. */
  make: (size: number) => string;
  /** What reading it gives: the format told from it, URLs found, valid distinct URLs among them. */
  expected: (text: string) => { format: TextFormat; found: number; valid: number };
}

/** `unit` repeated to about `size` characters, then `tail`. */
const fill = (unit: string, size: number, tail = '') => unit.repeat(Math.max(1, Math.floor((size - tail.length) / unit.length))) + tail;

/** Repeats of `unit`, counted. */
const count = (text: string, unit: string) => text.split(unit).length - 1;

export const HOSTILE_TEXTS: readonly HostileText[] = [
  // HTML
  { kind: 'HTML', format: 'html', name: '`<a ` repeated, no `>`', make: (n) => fill('<a ', n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
  { kind: 'HTML', format: 'html', name: '`<a href` repeated, no `=`', make: (n) => fill('<a href ', n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
  { kind: 'HTML', format: 'html', name: '`</a` and spaces repeated', make: (n) => fill('</a    ', n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
  {
    kind: 'HTML',
    format: 'html',
    name: "`<img src='` URL `'/>` repeated",
    make: (n) => `<a href="https://b.example/">b</a>${fill("<img src='https://a.example/x.png'/>", n - 40)}`,
    expected: (t) => ({ format: 'html', found: count(t, 'https://'), valid: 2 }),
  },
  {
    kind: 'HTML',
    format: 'html',
    name: 'one URL of `&amp;` repeated',
    make: (n) => `<a href="${fill('&amp;', n - 40, '')}">`.replace('<a href="', '<a href="https://a.example/?'),
    expected: () => ({ format: 'html', found: 1, valid: 0 }),
  },
  // Markdown
  { kind: 'Markdown', format: 'text', name: '`[` repeated', make: (n) => fill('[', n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
  {
    kind: 'Markdown',
    format: 'text',
    name: '`[x](https://a.example/` then `(` repeated',
    make: (n) => `[x](https://a.example/${fill('(', n - 30)}`,
    expected: () => ({ format: 'text', found: 1, valid: 0 }),
  },
  { kind: 'Markdown', format: 'text', name: '`_` around URLs repeated', make: (n) => fill('_https://a.example/p_ ', n), expected: (t) => ({ format: 'text', found: count(t, 'https://'), valid: 1 }) },
  { kind: 'Markdown', format: 'text', name: '`](<` repeated', make: (n) => fill('](<', n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
  // CSV
  { kind: 'CSV', format: 'csv', name: '`"` repeated', make: (n) => fill('"', n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
  {
    kind: 'CSV',
    format: 'csv',
    name: '`a,` repeated, one URL at the end',
    make: (n) => fill('a,', n, 'https://a.example/end'),
    expected: () => ({ format: 'text', found: 1, valid: 1 }),
  },
  {
    kind: 'CSV',
    format: 'csv',
    name: 'empty quoted fields repeated, one URL at the end',
    make: (n) => fill('"",', n, '"https://a.example/end"'),
    expected: () => ({ format: 'text', found: 1, valid: 1 }),
  },
  // Prose
  { kind: 'prose', format: 'text', name: '`http://` repeated', make: (n) => fill('http://', n), expected: () => ({ format: 'text', found: 1, valid: 0 }) },
  { kind: 'prose', format: 'text', name: '`http:// ` repeated', make: (n) => fill('http:// ', n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
  { kind: 'prose', format: 'text', name: '`((((` repeated', make: (n) => fill('((((', n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
  {
    kind: 'prose',
    format: 'text',
    name: 'a URL then `.` and `&a;` repeated',
    make: (n) => `https://a.example/x${fill('.&a;', n - 20)}`,
    expected: () => ({ format: 'text', found: 1, valid: 1 }),
  },
  { kind: 'prose', format: 'text', name: '`data:` and letters, no `/`', make: (n) => fill(`data:${'a'.repeat(1000)} `, n), expected: () => ({ format: 'text', found: 0, valid: 0 }) },
];
