/**
 * Pages built to be slow for a naive head scanner, each `size` characters
 * long: runs of spaces, quotes, '<' and '=' inside unclosed tags, endless
 * comments and CDATA, huge attributes. Shared by the parser tests and
 * test/bench/metadata-scan.bench.ts.
 */

/** Fills to `size` characters with `run` repeated between `head` and `tail`. */
function fill(head: string, run: string, tail: string, size: number): string {
  const count = Math.max(0, Math.floor((size - head.length - tail.length) / run.length));
  return head + run.repeat(count) + tail;
}

export const HOSTILE_PAGES: readonly { name: string; page: (size: number) => string }[] = [
  { name: '`<meta ` + spaces + quote', page: (size) => fill('<meta ', ' ', '"', size) },
  { name: '`<meta ` + quotes', page: (size) => fill('<meta ', '"', '', size) },
  { name: '`<meta a` + spaces + `=` runs', page: (size) => fill('<meta a', ' =', '', size) },
  { name: '`<meta ` + attribute names', page: (size) => fill('<meta ', 'a ', '', size) },
  { name: "`<meta ` + `a='` runs", page: (size) => fill('<meta ', "a='", '', size) },
  { name: '`<` runs', page: (size) => fill('', '<', '', size) },
  { name: '`<meta` runs (unclosed tags)', page: (size) => fill('', '<meta ', '', size) },
  { name: 'one huge unclosed attribute', page: (size) => fill('<meta content="', 'x', '', size) },
  { name: 'unclosed comment', page: (size) => fill('<!--', '<meta content="x">', '', size) },
  { name: 'nested comment openers', page: (size) => fill('', '<!--<!--', '', size) },
  { name: 'CDATA runs', page: (size) => fill('', '<![CDATA[<meta ', '', size) },
  { name: 'unclosed title with references', page: (size) => fill('<title>', '&#&amp', '', size) },
  { name: 'unclosed script', page: (size) => fill('<script>', '<meta content="x">', '', size) },
  { name: 'many complete meta tags', page: (size) => fill('', '<meta name=a content=b>', '', size) },
];

/** An ordinary page of `size` characters: a real head, then body text. */
export function benignPage(size: number): string {
  const head = `<!doctype html><html><head><meta charset="utf-8"><title>An ordinary page</title>
<meta name="description" content="A page of the usual kind, with a head and a long body.">
<meta property="og:title" content="An ordinary page"><meta property="og:image" content="/cover.png">
<link rel="icon" href="/favicon.ico"><link rel="canonical" href="https://example.com/page"></head><body>`;
  return fill(head, '<p>Some text of a paragraph, <a href="/x">a link</a> and <b>bold</b> words.</p>\n', '</body></html>', size);
}
