/**
 * How to read a pasted text or a chosen file (./find-urls.ts): a `.csv` file
 * (or `text/csv`) field by field; markup (an anchor, or closing tags of
 * blocks) as HTML, so `&amp;` in an address is read as `&`; everything else,
 * Markdown included, as plain text.
 */
import type { TextFormat } from '../batch/batch-types';

const MARKUP = /<a\s[^>]*href\s*=|<\/(?:a|p|div|li|td|span|body|html)\s*>/i;

export function textFormat(text: string, file?: { name: string; type: string }): TextFormat {
  if (file !== undefined && (/\.csv$/i.test(file.name) || file.type === 'text/csv')) return 'csv';
  // The first 64 KB tell: a document is markup from its start.
  return MARKUP.test(text.slice(0, 65_536)) ? 'html' : 'text';
}
