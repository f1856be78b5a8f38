/**
 * Where a URL written in text ends (the README's "Bulk shortening" states the
 * same rule for users). Counted from its scheme, a URL runs on until:
 *
 * - white space or a control character;
 * - a character no address contains unescaped: `< > " \` { } | \ ^`, a
 *   typographic quote (“ ” ‘ ’ « »), a bracket that is not ASCII, a dash or
 *   ellipsis, or CJK and full-width punctuation;
 * - a `)` or `]` it did not open itself: `(see https://a.example/x)` ends
 *   before the `)`, while `https://en.wikipedia.org/wiki/Set_(mathematics)`
 *   keeps its pair, and `[https://a.example](https://a.example)` is two URLs;
 * - a comma directly followed by another `http(s)://` (a list without spaces);
 * - in HTML, a character reference standing for one of the above (`&quot;`,
 *   `&lt;`, `&nbsp;`).
 *
 * Then the sentence's punctuation is given back: trailing `. , ; : ! ? * '`
 * and the Devanagari full stops `। ॥` are not part of it
 * (`Read https://a.example/x.` and `**https://a.example**`).
 */
import { referenceAt } from './html-entities';

/** ASCII characters that end a URL, by code. */
const ASCII_ENDS = new Set([...'<>"`{}|\\^'].map((c) => c.charCodeAt(0)));

/** Non-ASCII characters that end a URL: spaces, quotes, brackets, dashes, ellipsis, CJK and full-width punctuation. */
const OTHER_ENDS = /[\s\p{Pi}\p{Pf}\p{Ps}\p{Pe}\u2010-\u2015\u2026\u200b-\u200d\u2060\ufeff\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/u;

/** Sentence punctuation a URL gives back at its end. */
const TRAILING = new Set([...".,;:!?*'।॥"].map((c) => c.charCodeAt(0)));

const ANOTHER_URL = /^https?:\/\//i;

/** Whether the character `ch` (one UTF-16 unit, or a whole code point) ends a URL. */
export function endsUrl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code <= 0x20 || code === 0x7f) return true;
  if (code < 0x80) return ASCII_ENDS.has(code);
  if (code <= 0x9f) return true;
  return OTHER_ENDS.test(ch);
}

/**
 * The end (exclusive) of the URL whose scheme starts at `start`, not past
 * `limit`. `html`: the text is markup, so character references are read as
 * what they stand for.
 */
export function urlEnd(text: string, start: number, limit: number, html: boolean): number {
  let parens = 0;
  let squares = 0;
  let i = start;
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (code === 0x29 /* ) */) {
      if (parens === 0) break;
      parens -= 1;
    } else if (code === 0x5d /* ] */) {
      if (squares === 0) break;
      squares -= 1;
    } else if (code === 0x28 /* ( */) parens += 1;
    else if (code === 0x5b /* [ */) squares += 1;
    else if (code === 0x2c /* , */ && ANOTHER_URL.test(text.slice(i + 1, i + 9))) break;
    else if (code === 0x26 /* & */ && html) {
      const ref = referenceAt(text, i, limit);
      if (ref !== null) {
        if (endsUrl(ref.value)) break;
        i += ref.length;
        continue;
      }
    } else if (endsUrl(text[i]!)) break;
    i += 1;
  }
  while (i > start && TRAILING.has(text.charCodeAt(i - 1))) i -= 1;
  return i;
}
