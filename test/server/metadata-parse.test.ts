import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../server/metadata/decode-html';
import { extractMetadata } from '../../server/metadata/extract';
import { scanHead } from '../../server/metadata/html-head';

const PAGE = new URL('https://www.example.com/blog/post?id=1');

describe('extractMetadata', () => {
  it('reads Open Graph, article and link tags, resolving relative URLs against the page', () => {
    const html = `<!doctype html><html><head>
      <meta charset="utf-8">
      <title>Plain title</title>
      <meta property="og:title" content="Fish &amp; Chips &#8211; a &quot;history&quot;">
      <meta name="description" content="Why  the
        nation loves&nbsp;it">
      <meta property="og:image" content="/img/cover.jpg">
      <meta property="og:site_name" content="Example Blog">
      <meta name="author" content="Jane O&#x27;Neil">
      <meta property="article:published_time" content="2024-03-05T10:20:30+01:00">
      <link rel="icon" href="../favicon.png">
      <link rel="canonical" href="https://www.example.com/blog/fish-and-chips">
    </head><body><meta property="og:title" content="not in the head"></body></html>`;
    const meta = extractMetadata(html, PAGE);
    expect(meta).toMatchObject({
      title: 'Fish & Chips – a "history"',
      // A no-break space is whitespace too: collapsed with the rest.
      description: 'Why the nation loves it',
      image: 'https://www.example.com/img/cover.jpg',
      logo: 'https://www.example.com/favicon.png',
      publisher: 'Example Blog',
      author: "Jane O'Neil",
      date: '2024-03-05T09:20:30.000Z',
      url: 'https://www.example.com/blog/fish-and-chips',
    });
    expect(JSON.parse(meta.metaTags ?? '')).toMatchObject({ 'og:site_name': 'Example Blog', author: "Jane O'Neil" });
  });

  it.each([
    ['title only', '<title>Just a title</title>', { title: 'Just a title' }],
    ['nothing at all', '<html><body>hello</body></html>', {}],
    ['empty input', '', {}],
    ['twitter card fallback', '<meta name="twitter:title" content="T"><meta name="twitter:image" content="//cdn.example.net/a.png">', {
      title: 'T', image: 'https://cdn.example.net/a.png',
    }],
    ['uppercase tags and single quotes', "<HEAD><TITLE>Up</TITLE><META NAME='Description' CONTENT='Desc'></HEAD>", {
      title: 'Up', description: 'Desc',
    }],
    ['unquoted attributes', '<meta property=og:title content=Bare><link rel=apple-touch-icon href=/t.png>', {
      title: 'Bare', logo: 'https://www.example.com/t.png',
    }],
    ['script and comment content is not markup', '<script>var s = "<title>no</title>";</script><!-- <title>no</title> --><title>yes</title>', {
      title: 'yes',
    }],
    ['non-http URLs are dropped', '<meta property="og:image" content="javascript:alert(1)"><link rel="icon" href="data:image/png;base64,AAA"><meta property="og:url" content="ftp://x/">', {}],
    ['unparsable date is dropped', '<meta property="article:published_time" content="yesterday-ish">', {}],
    ['unclosed title', '<title>Never closed', { title: 'Never closed' }],
    ['stray quotes inside a tag', '<meta "junk" name="description" content="still read">', { description: 'still read' }],
    ['control characters removed', '<title>A\u0007B\u202eC</title>', { title: 'A B C' }],
  ])('%s', (_name, html, expected) => {
    const { metaTags: _metaTags, ...meta } = extractMetadata(html, PAGE);
    expect(meta).toEqual(expected);
  });

  it('caps long values and the metaTags string', () => {
    const many = Array.from({ length: 200 }, (_, i) => `<meta name="k${i}" content="${'v'.repeat(100)}">`).join('');
    const meta = extractMetadata(`<title>${'t'.repeat(5000)}</title>${many}`, PAGE);
    expect(meta.title).toHaveLength(300);
    expect(meta.metaTags?.length).toBeLessThanOrEqual(4096);
    expect(Object.keys(JSON.parse(meta.metaTags ?? '{}')).length).toBeGreaterThan(20);
  });

  // Its time is measured by test/bench/metadata-scan.bench.ts, not asserted here.
  it('survives huge and malformed input', () => {
    const junk = '<'.repeat(200_000) + '<meta content="x" ' + '"'.repeat(100_000) + '<title>ok</title>';
    const meta = extractMetadata(junk, PAGE);
    expect(meta).toBeTypeOf('object');
    const deep = '<div>'.repeat(100_000);
    expect(extractMetadata(`<title>x</title>${deep}`, PAGE).title).toBe('x');
  });
});

describe('character references (decoded by the tokenizer)', () => {
  it.each([
    ['a &amp; b', 'a & b'],
    ['&lt;b&gt;', '<b>'],
    ['&#169; &#xA9; &copy;', '© © ©'],
    ['&#0; &#xD800; &#x110000;', '\ufffd \ufffd \ufffd'],
    ['&unknownname; stays', '&unknownname; stays'],
    ['&amp without semicolon', '& without semicolon'],
    ['no entities', 'no entities'],
    ['&eacute;t&eacute;', 'été'],
  ])('%j -> %j', (raw, decoded) => {
    expect(scanHead(`<title>${raw}</title>`).title).toBe(decoded);
    expect(scanHead(`<meta content="${raw}">`).tags[0]?.attributes.get('content')).toBe(decoded);
  });
});

describe('decodeHtml', () => {
  it('uses the charset of the header, then of the page, then UTF-8', () => {
    const latin1 = Uint8Array.from([0x43, 0x61, 0x66, 0xe9]); // "Café" in ISO-8859-1
    expect(decodeHtml(latin1, 'text/html; charset=ISO-8859-1')).toBe('Café');
    const page = Buffer.concat([Buffer.from('<meta charset="windows-1252"><title>'), Buffer.from([0x93, 0x68, 0x69, 0x94])]);
    expect(decodeHtml(page, 'text/html')).toBe('<meta charset="windows-1252"><title>“hi”');
    expect(decodeHtml(Buffer.from('Café'), 'text/html; charset=no-such-charset')).toBe('Café');
    expect(decodeHtml(Buffer.from('Café'), '')).toBe('Café');
  });
});
