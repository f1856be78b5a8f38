import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, checkDestinationUrl } from '../../lib/url';

describe('checkDestinationUrl', () => {
  it.each([
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['  http://Example.COM  ', 'http://example.com/'],
    // The WHATWG parser strips tabs and newlines: judged after parsing.
    ['https://exa\tmple.com/pa\nth', 'https://example.com/path'],
    ['HTTPS://example.com', 'https://example.com/'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['http://127.0.0.1:3000/page', 'http://127.0.0.1:3000/page'],
  ])('accepts %j as %s', (raw, href) => {
    expect(checkDestinationUrl(raw)).toEqual({ ok: true, url: href });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['example.com', 'invalid'],
    ['javascript:alert(1)', 'scheme'],
    ['java\tscript:alert(1)', 'scheme'],
    ['data:text/html,<b>x</b>', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['chrome://extensions', 'scheme'],
    ['ftp://example.com/file', 'scheme'],
    ['https://user:secret@example.com/', 'credentials'],
    [`https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`, 'too-long'],
  ])('refuses %j', (raw, problem) => {
    const verdict = checkDestinationUrl(raw);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.problem).toBe(problem);
  });

  it('refuses a URL whose parsed form outgrows the limit', () => {
    // Spaces are percent-encoded by the parser: 700 spaces become 2,100 characters.
    const raw = `https://example.com/${' '.repeat(700)}x`;
    expect(raw.length).toBeLessThan(MAX_URL_LENGTH);
    expect(checkDestinationUrl(raw).ok).toBe(false);
  });

  it('refuses the service’s own hosts, honouring ports when given', () => {
    const own = ['127.0.0.1:8787', 'go.example'];
    expect(checkDestinationUrl('http://127.0.0.1:8787/abc', own).ok).toBe(false);
    expect(checkDestinationUrl('http://127.0.0.1:9999/page', own).ok).toBe(true);
    expect(checkDestinationUrl('https://GO.example/x', own).ok).toBe(false);
    expect(checkDestinationUrl('https://go.example:8443/x', own).ok).toBe(false);
  });
});
