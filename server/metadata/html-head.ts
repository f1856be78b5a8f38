/**
 * A small scanner for the tags link previews read from a page's head:
 * <title>, <meta> and <link>, with their attributes. No DOM: it walks the
 * text once, skips comments, scripts and styles (a "<meta" inside a script's
 * string is not a tag), and stops at </head> or <body. Malformed markup ends
 * the scan instead of throwing.
 */

export interface HeadTag {
  name: 'meta' | 'link';
  /** Attribute names lower-cased; values raw (entities not yet decoded). First of a repeated name wins. */
  attributes: Map<string, string>;
}

export interface ScannedHead {
  /** Raw text of the first <title>, or null. */
  title: string | null;
  tags: HeadTag[];
}

/** Enough tags for any real head; a page with more is not worth reading further. */
const MAX_TAGS = 500;
const RAW_TEXT = new Set(['script', 'style', 'noscript', 'template', 'textarea']);

/** Parses attributes from `from` to the tag's closing '>'; returns them and the index after '>'. */
function readAttributes(html: string, from: number): { attributes: Map<string, string>; end: number } {
  const attributes = new Map<string, string>();
  const pattern = /\s*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?|\s*\/|\s*(>)/y;
  while (from < html.length) {
    pattern.lastIndex = from;
    const m = pattern.exec(html);
    if (!m || pattern.lastIndex === from) {
      // A stray quote or '<' where an attribute should be: skip it, as browsers do.
      from += 1;
      continue;
    }
    if (m[5] === '>') return { attributes, end: pattern.lastIndex };
    if (m[1] !== undefined) {
      const name = m[1].toLowerCase();
      if (!attributes.has(name)) attributes.set(name, m[2] ?? m[3] ?? m[4] ?? '');
    }
    from = pattern.lastIndex;
  }
  return { attributes, end: html.length };
}

export function scanHead(html: string): ScannedHead {
  // ASCII-only lower-casing keeps every index equal to html's (toLowerCase can lengthen 'İ').
  const lower = html.replace(/[A-Z]+/g, (run) => run.toLowerCase());
  const head: ScannedHead = { title: null, tags: [] };
  const tagName = /<([a-zA-Z][a-zA-Z0-9-]*)/y;
  let i = 0;
  while (head.tags.length < MAX_TAGS) {
    i = html.indexOf('<', i);
    if (i === -1) break;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      if (end === -1) break;
      i = end + 3;
      continue;
    }
    if (lower.startsWith('</head', i)) break;
    tagName.lastIndex = i;
    const m = tagName.exec(html);
    if (!m?.[1]) {
      i += 1;
      continue;
    }
    const name = m[1].toLowerCase();
    if (name === 'body') break;
    const { attributes, end } = readAttributes(html, tagName.lastIndex);
    i = end;
    if (name === 'meta' || name === 'link') {
      head.tags.push({ name, attributes });
    } else if (name === 'title' || RAW_TEXT.has(name)) {
      const close = lower.indexOf(`</${name}`, i);
      if (name === 'title' && head.title === null) head.title = html.slice(i, close === -1 ? undefined : close);
      if (close === -1) break;
      i = close;
    }
  }
  return head;
}
