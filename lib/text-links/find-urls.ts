/**
 * Every URL written in a text, with where it is: the line it came from and
 * its exact span, so Replace in text can change it and nothing else. Plain
 * text, Markdown (links, autolinks, reference definitions, emphasis: its
 * brackets and marks end a URL by ./url-end.ts's rule) and HTML (attributes
 * and text, references decoded) are read alike; CSV is read field by field
 * (./csv-fields.ts). Linear in the text's length, whatever it holds.
 *
 * Found: `http://` and `https://` URLs (any case). Also found, to be listed
 * as refused rather than skipped in silence: `javascript:`, `vbscript:`,
 * `data:` (a media type or a comma after it), `file://` and `ftp://`. An
 * address without a scheme (`example.com`) is prose, not a URL. A scheme
 * glued to a word before it (`xhttps://`) is not a URL's start; one right
 * after an HTML comment's `<!--` is.
 */
import type { TextFormat } from '../batch/batch-types';
import { csvWalker, type Range } from './csv-fields';
import { decodeReferences } from './html-entities';
import { runOnEnd, urlEndWithin } from './url-end';

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
  /** Read only in part: it runs on past what is read, so it is too long, whatever its part says. */
  cut?: true;
}

const STARTS = /https?:\/\/|javascript:|vbscript:|data:(?=[a-z-]+\/|,)|file:\/\/|ftp:\/\//gi;

/** A scheme's start must not continue a word: letters, digits and the scheme characters + - . before it. */
const WORD = /[\p{L}\p{N}+.-]/u;

/** Characters of text read per slice by `findUrlSlices` (a slice ends at a line's end). */
const SLICE_CHARS = 32_768;
/**
 * How much of a URL in HTML is read. Each `&` there is a character reference to read and the URL
 * is decoded after, too slow for one task over a 2 MB "URL" of `&amp;` (hostile text); the service
 * takes 2,048 characters, so a longer one is refused as too long either way. Elsewhere a URL's end
 * costs a character code each and is read whole: its end may be given back to a short prefix
 * (`https://a.example/x` then `.&a;` repeated).
 */
const MAX_URL_SCAN = 4096;

export function findUrls(text: string, format: TextFormat): FoundUrl[] {
  return [...findUrlSlices(text, format)].flat();
}

/**
 * The URLs of `text`, a slice at a time, in order: a caller can give the
 * page the thread back between slices. A text's slices end after white
 * space (no URL runs over it); a CSV file's, at the URLs found.
 */
export function* findUrlSlices(text: string, format: TextFormat): Generator<FoundUrl[]> {
  const lineOf = lineCounter(text);
  const html = format === 'html';
  if (format === 'csv') {
    yield* csvSlices(text, lineOf);
    return;
  }
  for (let from = 0; from < text.length; ) {
    const to = sliceEnd(text, from + SLICE_CHARS);
    const slice: FoundUrl[] = [];
    scan(text, { start: from, end: to }, html, lineOf, slice);
    yield slice;
    from = to;
  }
}

/**
 * A CSV file's URLs: one search for schemes over the whole text, each found
 * within the field it lies in (a match outside every field, in a malformed
 * file's stray characters, is skipped). The fields are walked alongside, not
 * listed, and nothing is searched twice.
 */
function* csvSlices(text: string, lineOf: (at: number) => number): Generator<FoundUrl[]> {
  const field = csvWalker(text);
  let more = field.next();
  let slice: FoundUrl[] = [];
  let sliceEnd = SLICE_CHARS;
  STARTS.lastIndex = 0;
  for (let match = STARTS.exec(text); match !== null && more; match = STARTS.exec(text)) {
    const start = match.index;
    while (more && field.end <= start) more = field.next();
    if (!more) break;
    if (start >= sliceEnd) {
      yield slice;
      slice = [];
      sliceEnd = start + SLICE_CHARS;
    }
    // Reading the next field may have run a search: the search goes on from here.
    STARTS.lastIndex = start + match[0].length;
    if (start < field.start) continue;
    const schemeEnd = start + match[0].length;
    if (start > 0 && WORD.test(text[start - 1]!) && !opensComment(text, start)) continue;
    const { end, cut } = urlEndWithin(text, start, schemeEnd, field.end, false, Number.POSITIVE_INFINITY);
    if (end <= schemeEnd) continue;
    const raw = text.slice(start, end);
    slice.push({ raw, url: raw, start, end, line: lineOf(start) });
    // A URL cut at its length: the rest of its run is part of it, not a place to look for more.
    STARTS.lastIndex = cut ? runOnEnd(text, end, field.end) : end;
  }
  yield slice;
}

function scan(text: string, { start: from, end: to }: Range, html: boolean, lineOf: (at: number) => number, out: FoundUrl[]): void {
  // Searched within the range only: a search over the rest of the text would be
  // repeated for every range (every CSV field), quadratic on a text with few URLs.
  const part = text.slice(from, to);
  STARTS.lastIndex = 0;
  for (let match = STARTS.exec(part); match !== null; match = STARTS.exec(part)) {
    const start = from + match.index;
    const schemeEnd = start + match[0].length;
    if (start > 0 && WORD.test(text[start - 1]!) && !opensComment(text, start)) continue;
    const { end, cut } = urlEndWithin(text, start, schemeEnd, to, html, html ? MAX_URL_SCAN : Number.POSITIVE_INFINITY);
    if (end <= schemeEnd) continue;
    const raw = text.slice(start, end);
    out.push({ raw, url: html ? decodeReferences(raw) : raw, start, end, line: lineOf(start), ...(cut ? { cut: true as const } : {}) });
    // A URL inside this one (`?next=https://…`) is part of it; so is the rest of a URL cut at its length.
    STARTS.lastIndex = (cut ? runOnEnd(text, end, to) : end) - from;
  }
}

/**
 * Where a slice that should end at `at` may end: after the next white space
 * (no URL runs over one), so a text of one long line is read in slices too.
 */
function sliceEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d) return i + 1;
  }
  return text.length;
}

/** An HTML comment's opening right before `at` (`<!--https://…`): its dashes are not a word. */
function opensComment(text: string, at: number): boolean {
  return at >= 4 && text.startsWith('<!--', at - 4);
}

/**
 * Line numbers for positions asked in increasing order: the breaks between
 * the last position asked and this one are counted, so a whole text costs
 * one pass, spread over its slices.
 */
function lineCounter(text: string): (at: number) => number {
  let pos = 0;
  let line = 1;
  return (at) => {
    for (; pos < at; pos += 1) {
      const code = text.charCodeAt(pos);
      if (code === 0x0a || (code === 0x0d && text.charCodeAt(pos + 1) !== 0x0a)) line += 1;
    }
    return line;
  };
}
