import { describe, expect, it } from 'vitest';
import { linksText, markdownList, resultsCsv, type ResultRow } from '../../../lib/bulk/export-list';
import { findUrls } from '../../../lib/bulk/find-urls';
import { replaceUrls } from '../../../lib/bulk/replace-in-text';

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
    expect(out).toEqual({ text: 'a https://s.rt/1 b javascript:x c https://b.example/ d', replaced: 1 });
  });
});
