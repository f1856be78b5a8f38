import { describe, expect, it } from 'vitest';
import { linksText, markdownList, resultsCsv, type ResultRow } from '../../../lib/bulk/export-list';
import { findUrls } from '../../../lib/text-links/find-urls';
import { replaceUrls } from '../../../lib/text-links/replace-in-text';

const rows: ResultRow[] = [
  { url: 'https://a.example/x?a=1,2', title: 'A "quoted" [title]', shortUrl: 'https://s.rt/aaa', status: 'Made' },
  { url: 'https://b.example/', shortUrl: null, status: 'Failed: refused' },
  { url: 'https://c.example/=SUM(1)', shortUrl: 'https://s.rt/ccc', status: 'Already shortened' },
];

describe('exports', () => {
  it('Copy all: the short links made, one per line', () => {
    expect(linksText(rows)).toBe('https://s.rt/aaa\nhttps://s.rt/ccc');
  });

  it('CSV: a head row, RFC 4180 quoting, CRLF lines', () => {
    expect(resultsCsv(rows, { url: 'Destination', title: 'Title', shortUrl: 'Short link', status: 'Status' })).toBe(
      'Destination,Title,Short link,Status\r\n' +
        '"https://a.example/x?a=1,2","A ""quoted"" [title]",https://s.rt/aaa,Made\r\n' +
        'https://b.example/,,,Failed: refused\r\n' +
        'https://c.example/=SUM(1),,https://s.rt/ccc,Already shortened\r\n',
    );
  });

  it('CSV defuses a cell a spreadsheet would run as a formula', () => {
    const csv = resultsCsv([{ url: 'https://a.example/', title: '=HYPERLINK("x")', shortUrl: 'https://s.rt/a', status: 'Made' }], {
      url: 'u',
      title: 't',
      shortUrl: 's',
      status: 'st',
    });
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('Markdown: one item per link made, titled by the page or its address, markup escaped', () => {
    expect(markdownList(rows)).toBe('- [A "quoted" \\[title\\]](https://s.rt/aaa)\n- [https://c.example/=SUM(1)](https://s.rt/ccc)');
  });
});

describe('replaceUrls', () => {
  it('leaves URLs without a link, and refused ones, as written', () => {
    const text = 'a https://a.example/ b javascript:x c https://b.example/ d';
    const spans = findUrls(text, 'text');
    expect(spans.map((f) => f.raw)).toEqual(['https://a.example/', 'javascript:x', 'https://b.example/']);
    const out = replaceUrls(text, spans, ['https://a.example/', null, 'https://b.example/'], (k) => (k === 'https://a.example/' ? 'https://s.rt/1' : undefined));
    expect(out).toEqual({ text: 'a https://s.rt/1 b javascript:x c https://b.example/ d', replaced: 1, refused: 0 });
  });
});

describe('a short link that is not a plain address is never written into the user\'s text', () => {
  const hostile = ['https://s.rt/a"><script>alert(1)</script>', 'javascript:alert(1)', 'https://s.rt/a) [x](https://evil.example', 'https://s.rt/a b'];

  it.each(hostile)('Replace in text leaves the URL as written and counts the refusal: %j', (short) => {
    const text = '<p><a href="https://a.example/">a</a> and https://b.example/</p>';
    const spans = findUrls(text, 'html');
    const out = replaceUrls(text, spans, ['https://a.example/', 'https://b.example/'], (k) => (k === 'https://a.example/' ? short : 'https://s.rt/ok'));
    expect(out).toEqual({ text: '<p><a href="https://a.example/">a</a> and https://s.rt/ok</p>', replaced: 1, refused: 1 });
  });

  it.each(hostile)('the exports leave the row without its link: %j', (short) => {
    const bad: ResultRow[] = [{ url: 'https://a.example/', shortUrl: short, status: 'Made' }, { url: 'https://b.example/', shortUrl: 'https://s.rt/b', status: 'Made' }];
    expect(linksText(bad)).toBe('https://s.rt/b');
    expect(markdownList(bad)).toBe('- [https://b.example/](https://s.rt/b)');
    expect(resultsCsv(bad, { url: 'u', title: 't', shortUrl: 's', status: 'st' })).toBe('u,t,s,st\r\nhttps://a.example/,,,Made\r\nhttps://b.example/,,https://s.rt/b,Made\r\n');
  });
});
