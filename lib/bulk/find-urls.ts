/**
 * Every URL written in a text, with where it is: the line it came from and
 * its exact span, so Replace in text can change it and nothing else. Plain
 * text, Markdown (links, autolinks, reference definitions: its brackets end
 * a URL by ./url-end.ts's rule) and HTML (attributes and text, references
 * decoded) are read alike; CSV is read field by field (./csv-fields.ts).
 *
 * Found: `http://` and `https://` URLs (any case). Also found, to be listed
 * as refused rather than skipped in silence: `javascript:`, `vbscript:`,
 * `data:` (a media type or a comma after it), `file://` and `ftp://`. An
 * address without a scheme (`example.com`) is prose, not a URL. A scheme
 * glued to a word before it (`xhttps://`) is not a URL's start.
 */
import type { TextFormat } from '../batch/batch-types';
import { csvFields, type Range } from './csv-fields';
import { decodeReferences } from './html-entities';
import { urlEnd } from './url-end';

export interface FoundUrl {
  /** As written: `text.slice(start, end)`. */
  raw: string;
  /** What it says: in HTML with its character references decoded, else `raw`. */
  url: string;
  /** Span in the text, in UTF-16 code units (JavaScript string indices), end exclusive. */
  start: number;
  end: number;
  /** 1-based line of its start (a line ends at LF, CRLF or a lone CR). */
  line: number;
}

const STARTS = /https?:\/\/|javascript:|vbscript:|data:(?=[a-z-]+\/|,)|file:\/\/|ftp:\/\//gi;

/** A scheme's start must not continue a word: letters, digits and the scheme characters + - . before it. */
const WORD = /[\p{L}\p{N}+.-]/u;

export function findUrls(text: string, format: TextFormat): FoundUrl[] {
  const lines = lineIndex(text);
  const found: FoundUrl[] = [];
  const html = format === 'html';
  const ranges: Range[] = format === 'csv' ? csvFields(text) : [{ start: 0, end: text.length }];
  for (const range of ranges) scan(text, range, html, lines, found);
  return found;
}

function scan(text: string, { start: from, end: to }: Range, html: boolean, lineOf: (at: number) => number, out: FoundUrl[]): void {
  STARTS.lastIndex = from;
  for (let match = STARTS.exec(text); match !== null && match.index < to; match = STARTS.exec(text)) {
    const start = match.index;
    const schemeEnd = start + match[0].length;
    if (start > from && WORD.test(text[start - 1]!)) continue;
    const end = urlEnd(text, schemeEnd, to, html);
    if (end <= schemeEnd) continue;
    const raw = text.slice(start, end);
    out.push({ raw, url: html ? decodeReferences(raw) : raw, start, end, line: lineOf(start) });
    // A URL inside this one (`?next=https://…`) is part of it.
    STARTS.lastIndex = end;
  }
}

/** Line numbers by binary search over the line breaks, found once. */
function lineIndex(text: string): (at: number) => number {
  const breaks: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) breaks.push(i);
  }
  return (at) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}
