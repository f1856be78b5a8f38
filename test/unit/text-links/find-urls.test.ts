import { describe, expect, it } from 'vitest';
import { findUrls } from '../../../lib/text-links/find-urls';
import { replaceUrls } from '../../../lib/text-links/replace-in-text';
import { textFormat } from '../../../lib/bulk/text-format';

const raws = (text: string, format: 'text' | 'html' | 'csv' = 'text') => findUrls(text, format).map((f) => f.raw);

describe('where a URL in prose ends', () => {
  it.each([
    ['Read https://a.example/x.', ['https://a.example/x']],
    ['Read https://a.example/x, then go.', ['https://a.example/x']],
    ['Really? https://a.example/x?! Yes', ['https://a.example/x']],
    ['(see https://a.example/x)', ['https://a.example/x']],
    ['(see https://a.example/x).', ['https://a.example/x']],
    ['https://en.wikipedia.org/wiki/Set_(mathematics) is a page', ['https://en.wikipedia.org/wiki/Set_(mathematics)']],
    ['(https://en.wikipedia.org/wiki/Set_(mathematics))', ['https://en.wikipedia.org/wiki/Set_(mathematics)']],
    ['[https://a.example](https://b.example/p)', ['https://a.example', 'https://b.example/p']],
    ['[text](https://b.example/p "Title")', ['https://b.example/p']],
    ['<https://a.example/auto>', ['https://a.example/auto']],
    ['**https://a.example/bold**', ['https://a.example/bold']],
    ['"https://a.example/q"', ['https://a.example/q']],
    ["'https://a.example/q'", ['https://a.example/q']],
    ['“https://a.example/q”', ['https://a.example/q']],
    ['«https://a.example/q»', ['https://a.example/q']],
    ['https://a.example/q—and more', ['https://a.example/q']],
    ['https://a.example/q…', ['https://a.example/q']],
    ['लिंक https://a.example/पृष्ठ। आगे', ['https://a.example/पृष्ठ']],
    ['链接：https://a.example/q，更多', ['https://a.example/q']],
    ['https://a.example/?next=https://b.example/', ['https://a.example/?next=https://b.example/']],
    ['https://a.example/a,https://b.example/b', ['https://a.example/a', 'https://b.example/b']],
    ['https://a.example/a,b,c', ['https://a.example/a,b,c']],
    ['HTTPS://A.EXAMPLE/Up', ['HTTPS://A.EXAMPLE/Up']],
    ['x https://a.example/a\u00a0b', ['https://a.example/a']],
    ['x https://a.example/a\tb', ['https://a.example/a']],
    ['https://a.example/a|b', ['https://a.example/a']],
    ['https://a.example:8080/p#frag', ['https://a.example:8080/p#frag']],
    ['xhttps://a.example glued', []],
    ['https:// nothing', []],
    ['see example.com or www.example.com', []],
    ['javascript:alert(1) and data:text/html,hi', ['javascript:alert(1)', 'data:text/html,hi']],
    ['The data: was metadata:x and JavaScript: the good parts', []],
    ['ftp://files.example/a and file:///etc/passwd', ['ftp://files.example/a', 'file:///etc/passwd']],
  ])('%j', (text, expected) => {
    expect(raws(text)).toEqual(expected);
  });
});

describe('where a URL in markup ends (GitHub autolink rules; issue 34)', () => {
  it.each([
    // The findings, in the format the page reads them and as plain text.
    ["<img src='https://a.example/x.png'/>", 'html', ['https://a.example/x.png']],
    ["<img src='https://a.example/x.png'/>", 'text', ['https://a.example/x.png']],
    ['<!-- https://a.example/x-->', 'html', ['https://a.example/x']],
    ['<!-- https://a.example/x-->', 'text', ['https://a.example/x']],
    ['<!--https://a.example/x-->', 'html', ['https://a.example/x']],
    ['_https://a.example/page_', 'text', ['https://a.example/page']],
    ['~~https://c.example/~~', 'text', ['https://c.example/']],
    // Trailing marks and brackets left outside.
    ['__https://a.example/strong__ ~https://a.example/s~', 'text', ['https://a.example/strong', 'https://a.example/s']],
    ['https://a.example/x_(y)_', 'text', ['https://a.example/x_(y)']],
    ['(https://a.example/x_)', 'text', ['https://a.example/x']],
    ['https://google.example/search?q=commonmark&hl;', 'text', ['https://google.example/search?q=commonmark']],
    ['https://a.example/a&b?c;', 'text', ['https://a.example/a&b?c']],
    ['Read https://a.example/x.-->', 'text', ['https://a.example/x']],
    ['https://a.example/x-->', 'text', ['https://a.example/x']],
    ['https://a.example/x--', 'text', ['https://a.example/x--']],
    // Delimited exactly: a quoted attribute's value, an autolink, a Markdown destination.
    ['<a href="https://a.example/x.">x</a>', 'html', ['https://a.example/x.']],
    ["<a href = 'https://a.example/(x'>x</a>", 'html', ['https://a.example/(x']],
    ["<a title=x href='https://a.example/it\"s'>", 'html', ['https://a.example/it']],
    ['<https://a.example/auto_>', 'text', ['https://a.example/auto_']],
    ['[a](https://a.example/file.)', 'text', ['https://a.example/file.']],
    ['[a](https://a.example/file. "T")', 'text', ['https://a.example/file']],
    // A quote that is not an attribute's still ends the URL it opened.
    ["He said 'https://a.example/q'. Then", 'html', ['https://a.example/q']],
  ] as const)('%j (%s)', (text, format, expected) => {
    expect(raws(text, format)).toEqual(expected);
  });

  it('Replace in text closes the attribute and the comment as they were', () => {
    const text = "<img src='https://a.example/x.png'/><!-- https://a.example/x--><p>after</p>";
    const found = findUrls(text, 'html');
    const out = replaceUrls(text, found, found.map((f) => f.url), (k) => (k.endsWith('png') ? 'https://s.rt/1' : 'https://s.rt/2'));
    expect(out.text).toBe("<img src='https://s.rt/1'/><!-- https://s.rt/2--><p>after</p>");
  });
});

describe('findUrls', () => {
  it('gives each URL its line and exact span', () => {
    const text = 'first https://a.example/1\r\nsecond\rthird https://b.example/2\n\nfifth (https://c.example/3)';
    const found = findUrls(text, 'text');
    expect(found.map((f) => f.line)).toEqual([1, 3, 5]);
    for (const f of found) expect(text.slice(f.start, f.end)).toBe(f.raw);
  });

  it('spans count UTF-16 units: text before a URL may hold emoji and Devanagari', () => {
    const text = '😀 हिंदी https://a.example/x 😀';
    const [f] = findUrls(text, 'text');
    expect(f?.start).toBe(text.indexOf('https'));
    expect(text.slice(f!.start, f!.end)).toBe('https://a.example/x');
  });

  it('reads HTML attributes and text, decoding references in the address but not in the span', () => {
    const text = '<p><a href="https://a.example/?a=1&amp;b=2">https://a.example/?a=1&amp;b=2</a> and <a href=\'https://b.example/\'>b</a>&nbsp;https://c.example/x&nbsp;more</p>';
    const found = findUrls(text, 'html');
    expect(found.map((f) => f.url)).toEqual(['https://a.example/?a=1&b=2', 'https://a.example/?a=1&b=2', 'https://b.example/', 'https://c.example/x']);
    expect(found[0]?.raw).toBe('https://a.example/?a=1&amp;b=2');
    for (const f of found) expect(text.slice(f.start, f.end)).toBe(f.raw);
  });

  it('in plain text an ampersand sequence is part of the URL as written', () => {
    expect(findUrls('https://a.example/?a=1&amp;b=2', 'text')[0]?.url).toBe('https://a.example/?a=1&amp;b=2');
  });

  it('reads CSV field by field: an unquoted URL ends at its delimiter, a quoted one may hold commas', () => {
    const text = 'name,url,note\r\nA,https://a.example/x,"see https://b.example/p,q, ok"\nB,"https://c.example/""quoted""",https://d.example/\n"multi\nline",https://e.example/';
    const found = findUrls(text, 'csv');
    expect(found.map((f) => f.raw)).toEqual(['https://a.example/x', 'https://b.example/p,q', 'https://c.example/', 'https://d.example/', 'https://e.example/']);
    expect(found.map((f) => f.line)).toEqual([2, 2, 3, 3, 5]);
    for (const f of found) expect(text.slice(f.start, f.end)).toBe(f.raw);
  });

  it('reads CSV with semicolons or tabs when the first line uses them', () => {
    expect(raws('a;b\nhttps://a.example/x;https://b.example/y', 'csv')).toEqual(['https://a.example/x', 'https://b.example/y']);
    expect(raws('a\tb\nhttps://a.example/x,y\thttps://b.example/y', 'csv')).toEqual(['https://a.example/x,y', 'https://b.example/y']);
  });
});

describe('textFormat', () => {
  it.each([
    ['links.csv', 'text/plain', 'a,b', 'csv'],
    ['links.txt', 'text/csv', 'a,b', 'csv'],
    ['links.txt', 'text/plain', 'https://a.example', 'text'],
    [undefined, '', '<p>Hi <a href="https://a.example">a</a></p>', 'html'],
    [undefined, '', '# Title\n[a](https://a.example) <b>', 'text'],
  ])('%s %s %j -> %s', (name, type, text, format) => {
    expect(textFormat(text, name === undefined ? undefined : { name, type })).toBe(format);
  });
});
