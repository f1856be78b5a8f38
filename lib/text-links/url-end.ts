/**
 * Where a URL written in text ends (the README's "Bulk shortening" states the
 * same rule for users), modelled on GitHub's autolink rules. Counted from its
 * scheme, a URL runs on until:
 *
 * - white space or a control character;
 * - a character no address contains unescaped: `< > " \` { } | \ ^`, a
 *   typographic quote (“ ” ‘ ’ « »), a bracket that is not ASCII, a dash or
 *   ellipsis, or CJK and full-width punctuation;
 * - a `)` or `]` it did not open itself: `(see https://a.example/x)` ends
 *   before the `)`, while `https://en.wikipedia.org/wiki/Set_(mathematics)`
 *   keeps its pair, and `[https://a.example](https://a.example)` is two URLs;
 * - a comma directly followed by another `http(s)://` (a list without spaces);
 * - the quote that opened it: `'https://a.example/x.png'/>` ends at the `'`;
 * - in HTML, a character reference standing for one of the above (`&quot;`,
 *   `&lt;`, `&nbsp;`).
 *
 * Then what surrounds it is given back: `--` before `>` (an HTML comment's
 * close), trailing `. , ; : ! ? * _ ~ '` and the Devanagari full stops `। ॥`
 * (a sentence's punctuation, Markdown's emphasis and strike-through), and an
 * entity-like `&name;` at the end, as GitHub does.
 *
 * Some URLs are delimited exactly, and keep every character up to their
 * delimiter: an HTML attribute's quoted value (`href="…"`, `src='…'`), a
 * Markdown autolink `<…>` and a Markdown link's destination `](…)`.
 *
 * Every rule looks at each character a bounded number of times: the work is
 * linear in the URL's length, whatever the text.
 */
import { referenceAt } from './html-entities';

/** ASCII characters that end a URL, by code. */
const ASCII_ENDS = new Set([...'<>"`{}|\\^'].map((c) => c.charCodeAt(0)));

/** Non-ASCII characters that end a URL: spaces, quotes, brackets, dashes, ellipsis, CJK and full-width punctuation. */
const OTHER_ENDS = /[\s\p{Pi}\p{Pf}\p{Ps}\p{Pe}\u2010-\u2015\u2026\u200b-\u200d\u2060\ufeff\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/u;

/** Punctuation a URL gives back at its end. */
const TRAILING = new Set([...".,;:!?*_~'।॥"].map((c) => c.charCodeAt(0)));

const ANOTHER_URL = /^https?:\/\//i;

const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const LESS = 0x3c;
const GREATER = 0x3e;
const HYPHEN = 0x2d;
const SEMICOLON = 0x3b;
const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const COMMA = 0x2c;

/** Whether the character `ch` (one UTF-16 unit, or a whole code point) ends a URL. */
export function endsUrl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code <= 0x20 || code === 0x7f) return true;
  if (code < 0x80) return ASCII_ENDS.has(code);
  if (code <= 0x9f) return true;
  return OTHER_ENDS.test(ch);
}

/**
 * The end (exclusive) of the URL that starts at `urlStart` and whose scheme
 * ends at `schemeEnd`, not past `limit`. `html`: the text is markup, so
 * character references are read as what they stand for, and a URL in a
 * quoted attribute is the attribute's value.
 */
export function urlEnd(text: string, urlStart: number, schemeEnd: number, limit: number, html: boolean): number {
  return urlEndWithin(text, urlStart, schemeEnd, limit, html, Number.POSITIVE_INFINITY).end;
}

/**
 * urlEnd, reading no more than `maxLength` characters of the URL. One that
 * runs on past them is cut there (`cut`), with nothing given back, so it is
 * judged too long rather than shortened to a prefix nobody wrote; the work
 * per URL stays bounded whatever the text (a 2 MB run of `&amp;`).
 */
export function urlEndWithin(text: string, urlStart: number, schemeEnd: number, limit: number, html: boolean, maxLength: number): { end: number; cut: boolean } {
  const scanLimit = Math.min(limit, urlStart + maxLength);
  const before = urlStart > 0 ? text.charCodeAt(urlStart - 1) : -1;
  if (html && (before === QUOTE || before === APOSTROPHE) && isAttributeValue(text, urlStart - 1)) {
    const end = attributeEnd(text, schemeEnd, scanLimit, before);
    if (end !== null) return { end, cut: false };
  }
  const stop = runEnd(text, schemeEnd, scanLimit, html, before === APOSTROPHE);
  if (stop === scanLimit && scanLimit < limit) return { end: stop, cut: true };
  if (stop < limit && stop > schemeEnd) {
    const closer = text.charCodeAt(stop);
    if (before === LESS && closer === GREATER) return { end: stop, cut: false };
    if (before === OPEN_PAREN && closer === CLOSE_PAREN && urlStart >= 2 && text.charCodeAt(urlStart - 2) === CLOSE_SQUARE) return { end: stop, cut: false };
  }
  return { end: giveBack(text, schemeEnd, stop, stop < limit && text.charCodeAt(stop) === GREATER), cut: false };
}

/** Past a URL cut at its length: where its run of characters really stops (white space or another hard end), read cheaply. */
export function runOnEnd(text: string, from: number, limit: number): number {
  let i = from;
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || (code < 0x80 ? ASCII_ENDS.has(code) : code <= 0x9f)) break;
    i += 1;
  }
  return i;
}

/** Where the URL's characters stop, by the rules above (before anything is given back). */
function runEnd(text: string, start: number, limit: number, html: boolean, apostropheEnds: boolean): number {
  let parens = 0;
  let squares = 0;
  let i = start;
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (code === CLOSE_PAREN) {
      if (parens === 0) break;
      parens -= 1;
    } else if (code === CLOSE_SQUARE) {
      if (squares === 0) break;
      squares -= 1;
    } else if (code === OPEN_PAREN) parens += 1;
    else if (code === OPEN_SQUARE) squares += 1;
    else if (code === APOSTROPHE && apostropheEnds) break;
    else if (code === COMMA && text.charCodeAt(i + 1) === 0x68 /* h */ && ANOTHER_URL.test(text.slice(i + 1, i + 9))) break;
    else if (code === AMPERSAND && html) {
      const ref = referenceAt(text, i, limit);
      if (ref !== null) {
        if (endsUrl(ref.value)) break;
        i += ref.length;
        continue;
      }
    } else if (code < 0x80 ? code <= 0x20 || code === 0x7f || ASCII_ENDS.has(code) : endsUrl(text[i]!)) break;
    i += 1;
  }
  return i;
}

/**
 * What the URL gives back at its end: `--` before `>` (`<!-- https://a.example/x-->`),
 * then trailing punctuation and entity-like `&name;` endings, one at a time.
 */
function giveBack(text: string, schemeEnd: number, stop: number, beforeGreater: boolean): number {
  let end = stop;
  if (beforeGreater && end - 2 >= schemeEnd && text.charCodeAt(end - 1) === HYPHEN && text.charCodeAt(end - 2) === HYPHEN) end -= 2;
  while (end > schemeEnd) {
    const code = text.charCodeAt(end - 1);
    if (!TRAILING.has(code)) break;
    if (code === SEMICOLON) {
      const amp = entityStart(text, schemeEnd, end - 1);
      if (amp !== null) {
        end = amp;
        continue;
      }
    }
    end -= 1;
  }
  return end;
}

/** Where an entity-like `&name;` ending at `semicolon` starts (GitHub leaves it out of an autolink), or null. */
function entityStart(text: string, schemeEnd: number, semicolon: number): number | null {
  let i = semicolon;
  while (i > schemeEnd && isAlnum(text.charCodeAt(i - 1))) i -= 1;
  return i < semicolon && i - 1 >= schemeEnd && text.charCodeAt(i - 1) === AMPERSAND ? i - 1 : null;
}

function isAlnum(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** HTML white space (the spec's ASCII whitespace). */
function isHtmlSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

/** Whether the quote at `quote` opens an attribute's value: `=` before it, white space allowed between. */
function isAttributeValue(text: string, quote: number): boolean {
  let i = quote - 1;
  while (i >= 0 && isHtmlSpace(text.charCodeAt(i))) i -= 1;
  return i >= 0 && text.charCodeAt(i) === EQUALS;
}

/**
 * The end of a URL that is a quoted attribute's value: its closing quote.
 * Null when something else ends it first (white space, a character no
 * address holds): the value is more than a URL, and the prose rules apply.
 */
function attributeEnd(text: string, start: number, limit: number, quote: number): number | null {
  let i = start;
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (code === quote) return i > start ? i : null;
    if (code === AMPERSAND) {
      const ref = referenceAt(text, i, limit);
      if (ref !== null) {
        if (endsUrl(ref.value)) return null;
        i += ref.length;
        continue;
      }
    } else if (code !== APOSTROPHE && endsUrl(text[i]!)) return null;
    i += 1;
  }
  return null;
}
