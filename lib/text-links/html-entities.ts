/**
 * Character references in a URL found in HTML (`href="…?a=1&amp;b=2"`): the
 * address is what the browser would follow, with the references decoded,
 * while the text keeps its spelling. Only what a URL in markup carries: the
 * numeric forms and the few named ones pages write inside addresses.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  sol: '/',
  colon: ':',
  num: '#',
  quest: '?',
  equals: '=',
  percnt: '%',
  plus: '+',
  comma: ',',
  period: '.',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  rsqb: ']',
};

const REFERENCE = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));?/;

/** The reference starting at `at` (which holds `&`): what it stands for and how long it is; null when it is a plain ampersand. */
export function referenceAt(text: string, at: number, limit: number): { value: string; length: number } | null {
  const match = REFERENCE.exec(text.slice(at, Math.min(limit, at + 12)));
  if (match === null) return null;
  let value: string | undefined;
  if (match[1] !== undefined || match[2] !== undefined) {
    const code = match[1] !== undefined ? Number.parseInt(match[1], 10) : Number.parseInt(match[2]!, 16);
    if (code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)) value = String.fromCodePoint(code);
  } else {
    // Named references need their semicolon in attributes; without one the text is literal.
    if (!match[0].endsWith(';')) return null;
    value = NAMED[match[3]!.toLowerCase()];
  }
  return value === undefined ? null : { value, length: match[0].length };
}

/** `raw` with every reference decoded. */
export function decodeReferences(raw: string): string {
  if (!raw.includes('&')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; ) {
    const ref = raw[i] === '&' ? referenceAt(raw, i, raw.length) : null;
    if (ref === null) {
      out += raw[i];
      i += 1;
    } else {
      out += ref.value;
      i += ref.length;
    }
  }
  return out;
}
