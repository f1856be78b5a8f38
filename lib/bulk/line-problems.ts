/**
 * Lines that hold something link-like that ../text-links/find-urls.ts does not take as a
 * URL: a misspelt scheme (`htps://`, `http//`, `https:/`, `hhtps://`) or
 * none at all (`www.acme.example/tickets`, and a line that is only
 * `acme.example/path`). Each is named with its line and, where the intent is
 * clear, the URL it most likely meant, so the page can offer it ("Use it")
 * instead of dropping the line in silence. Prose is not a problem: a bare
 * `example.com` in a sentence stays prose (it may be a name, not a link).
 *
 * Read a slice of lines at a time, like the URLs (./analyse.ts), so a long
 * text never keeps the page busy.
 */
import type { TextFormat } from '../batch/batch-types';
import { checkDestinationUrl } from '../contract/url';
import type { FoundUrl } from '../text-links/find-urls';
import { urlEnd } from '../text-links/url-end';

export type LineProblemKind = 'scheme-typo' | 'no-scheme';

export interface LineProblem {
  /** 1-based, as find-urls counts lines. */
  line: number;
  /** The span in the text of what was written (end exclusive). */
  start: number;
  end: number;
  /** `text.slice(start, end)`. */
  raw: string;
  kind: LineProblemKind;
  /** The URL it most likely meant (valid by the service's rules), or null when none is clear. */
  fix: string | null;
}

/** At most this many are listed: a text of nothing but broken links is still told in full by its count. */
export const MAX_LINE_PROBLEMS = 1000;

/** Lines read per slice. */
const SLICE_LINES = 2000;
/** Characters of one line read before the thread is handed back. */
const SLICE_CHARS = 32_768;

/** A word that may start a scheme, its separator (`://` misspelt or right), and the host after it. */
const SCHEMED = /^([a-z]{2,8})(:?)([/\\]{0,4})(.*)$/i;
/** A host with a dot, as written after a scheme or alone: labels of letters, digits and hyphens. */
const HOST = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.(\p{L}{2,63})\.?(?::\d{1,5})?(?=$|[/?#\\])/u;
/** Where a link-like word may start inside a token: after a bracket, a quote or an `=`. */
const OPENERS = new Set(['(', '[', '<', '"', "'", '=', '“', '‘', '«']);
/**
 * What a link-like word starts with: a scheme-like word and a separator, or `www.`. Checked at a
 * candidate start before the word's end is looked for, so a long run of openers (`((((…`) costs one
 * look each, not a scan to the token's end each (which made a 64 KB line take seconds).
 */
const LINKISH = /[a-z]{2,8}(?::|[/\\])|www\./iy;
/** A word longer than this is no link anyone meant (the service takes 2,048 characters). */
const MAX_WORD = 4096;
/** Characters that cannot come right before a link-like word (it would be part of another word, an e-mail address, a path). */
const GLUED = /[\p{L}\p{N}@/\\._:-]/u;

/** Levenshtein distance, for words of a few letters. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/** The scheme a misspelt one meant: `htps` → https, `htp` → http; null when it is no near miss of either. */
function meantScheme(written: string): 'http' | 'https' | null {
  const s = written.toLowerCase();
  if (s.endsWith('s') && distance(s, 'https') <= 1) return 'https';
  if (distance(s, 'http') <= 1) return 'http';
  if (distance(s, 'https') <= 1) return 'https';
  return null;
}

const valid = (url: string): string | null => {
  const verdict = checkDestinationUrl(url);
  return verdict.ok ? url : null;
};

/** What a link-like word is, or null for prose. `alone`: the word is all its line holds. */
export function judgeWord(word: string, alone: boolean): Pick<LineProblem, 'kind' | 'fix'> | null {
  const schemed = SCHEMED.exec(word);
  if (schemed !== null) {
    const [, scheme = '', colon, slashes = '', rest = ''] = schemed;
    const meant = meantScheme(scheme);
    const right = colon === ':' && slashes === '//' && scheme.toLowerCase() === meant;
    // A separator of some kind, and a host after it: "http" alone, or "https: the protocol", is prose.
    if (meant !== null && !right && (colon === ':' || slashes.length >= 2) && HOST.test(rest)) {
      return { kind: 'scheme-typo', fix: valid(`${meant}://${rest.replace(/\\/g, '/')}`) };
    }
    if (meant !== null && (colon === ':' || slashes !== '')) return null;
  }
  const host = HOST.exec(word);
  if (host === null) return null;
  if (/^www\./i.test(word)) return { kind: 'no-scheme', fix: valid(`https://${word}`) };
  // A bare host is a link only when it is clearly one: alone on its line, with a path after it.
  if (alone && word.length > host[0].length && word[host[0].length] === '/') return { kind: 'no-scheme', fix: valid(`https://${word}`) };
  return null;
}

/** Whether [start, end) overlaps one of `found` (sorted by start), from index `from` on; returns the first index still worth checking. */
function coveredFrom(found: readonly FoundUrl[], from: number, start: number, end: number): { covered: boolean; next: number } {
  let i = from;
  while (i < found.length && found[i]!.end <= start) i += 1;
  return { covered: i < found.length && found[i]!.start < end, next: i };
}

/**
 * The problem lines of `text`, a slice at a time. `found`: the URLs
 * find-urls took from the same text, in order (what they cover is not a
 * problem).
 */
export function* lineProblemSlices(text: string, format: TextFormat, found: readonly FoundUrl[]): Generator<LineProblem[]> {
  const html = format === 'html';
  // A CSV field ends at a comma; elsewhere a comma may be part of a URL.
  const separator = format === 'csv' ? /[^\s,]+/g : /\S+/g;
  let at = 0;
  let line = 1;
  let next = 0;
  let listed = 0;
  // A long line (a 2 MB one-liner) is read in parts too: an empty slice hands the thread back between them.
  let nextTick = SLICE_CHARS;
  const breaks = /\r\n|\r|\n/g;
  while (at <= text.length && listed < MAX_LINE_PROBLEMS) {
    const slice: LineProblem[] = [];
    for (let n = 0; n < SLICE_LINES && at <= text.length; n += 1) {
      breaks.lastIndex = at;
      const lineBreak = breaks.exec(text);
      const end = lineBreak === null ? text.length : lineBreak.index;
      const content = text.slice(at, end);
      // Most lines of prose hold none of these: skipped without looking at their words.
      if (/[:/\\]|www\./i.test(content)) {
        const alone = /^\s*(?:[-*+•]\s+|\d{1,4}[.)]\s+)?\S+\s*$/.test(content);
        separator.lastIndex = 0;
        for (let m = separator.exec(content); m !== null; m = separator.exec(content)) {
          const token = m[0];
          if (at + m.index >= nextTick) {
            nextTick = at + m.index + SLICE_CHARS;
            yield [];
          }
          for (let k = 0; k < token.length; k += 1) {
            if (k > 0 && !OPENERS.has(token[k - 1]!)) continue;
            if (k === 0 && OPENERS.has(token[0]!)) continue;
            const start = at + m.index + k;
            if (start > 0 && k === 0 && GLUED.test(text[start - 1]!)) continue;
            // A bare host counts only as a whole line's word (k === 0, alone); anything else must look schemed or www.
            LINKISH.lastIndex = start;
            if (!(alone && k === 0) && !LINKISH.test(text)) continue;
            // Inside a URL already found: nothing to look for (and no scan to the token's end). The index moves on
            // here too: left behind, each later check would walk again over every URL found since.
            const inside = coveredFrom(found, next, start, start + 1);
            next = inside.next;
            if (inside.covered) continue;
            const wordEnd = urlEnd(text, start, start, Math.min(at + m.index + token.length, start + MAX_WORD + 1), html);
            if (wordEnd <= start || wordEnd - start > MAX_WORD) continue;
            const raw = text.slice(start, wordEnd);
            const judged = judgeWord(raw, alone && k === 0);
            if (judged === null) continue;
            const cover = coveredFrom(found, next, start, wordEnd);
            next = cover.next;
            if (cover.covered) continue;
            slice.push({ line, start, end: wordEnd, raw, ...judged });
            break;
          }
        }
      }
      line += 1;
      at = lineBreak === null ? text.length + 1 : end + lineBreak[0].length;
    }
    listed += slice.length;
    yield slice.slice(0, Math.max(0, slice.length - Math.max(0, listed - MAX_LINE_PROBLEMS)));
  }
}

/** Every problem line of `text` in one go. */
export function findLineProblems(text: string, format: TextFormat, found: readonly FoundUrl[]): LineProblem[] {
  return [...lineProblemSlices(text, format, found)].flat();
}
