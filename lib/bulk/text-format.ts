/**
 * How to read a pasted text or a chosen file (../text-links/find-urls.ts): a `.csv` file
 * (or `text/csv`) field by field; markup (an anchor with an `href`, or a
 * closing tag of a block) as HTML, so `&amp;` in an address is read as `&`;
 * everything else, Markdown included, as plain text.
 *
 * Read on every keystroke and on a page's selection, so it is an index scan
 * that looks at each character a bounded number of times: a regex such as
 * `<a\s[^>]*href\s*=` runs from every `<a ` to the text's end, quadratic on
 * a text of nothing but `<a `.
 */
import type { TextFormat } from '../batch/batch-types';

/** The first 64 KB tell: a document is markup from its start. */
const LOOK_CHARS = 65_536;

/** Closing tags that make a text markup. */
const BLOCKS = new Set(['a', 'p', 'div', 'li', 'td', 'span', 'body', 'html']);

export function textFormat(text: string, file?: { name: string; type: string }): TextFormat {
  if (file !== undefined && (/\.csv$/i.test(file.name) || file.type === 'text/csv')) return 'csv';
  return looksLikeMarkup(text.slice(0, LOOK_CHARS).toLowerCase()) ? 'html' : 'text';
}

/**
 * `<a` and white space, then `href`, white space and `=` before the next `>`;
 * or `</name>` of a block, white space allowed before `>`. Each `<` is looked
 * at once; a tag's run to its `>` is read once (an `<a ` inside a run already
 * read starts a shorter run of the same tag), and `href` is searched forward
 * only: the scan is linear.
 */
function looksLikeMarkup(text: string): boolean {
  let readTo = -1;
  let href = -1;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    const next = text.charCodeAt(at + 1);
    if (next === 0x2f /* / */) {
      if (closesBlock(text, at + 2)) return true;
    } else if (next === 0x61 /* a */ && isSpace(text.charCodeAt(at + 2)) && at >= readTo) {
      const close = text.indexOf('>', at + 3);
      const tagEnd = close < 0 ? text.length : close;
      readTo = tagEnd;
      // The first `href` at or after the tag's name (kept between tags: found once).
      if (href < at + 3) href = text.indexOf('href', at + 3);
      for (; href >= 0 && href + 4 < tagEnd; href = text.indexOf('href', href + 4)) {
        let i = href + 4;
        while (i < tagEnd && isSpace(text.charCodeAt(i))) i += 1;
        if (i < tagEnd && text.charCodeAt(i) === 0x3d /* = */) return true;
      }
    }
  }
  return false;
}

/** A block's name at `from`, white space, then `>`. */
function closesBlock(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && i - from < 5 && isLetter(text.charCodeAt(i))) i += 1;
  if (!BLOCKS.has(text.slice(from, i))) return false;
  while (i < text.length && isSpace(text.charCodeAt(i))) i += 1;
  return text.charCodeAt(i) === 0x3e /* > */;
}

function isLetter(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

/** What `\s` matched: ASCII white space and the Unicode spaces. */
function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
