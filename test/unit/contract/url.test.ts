import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, checkDestinationUrl } from '../../../lib/contract/url';

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

  // Every spelling of an own host names the same place: each would loop if accepted.
  it.each([
    ['trailing dot', 'http://localhost.:8787/x', ['localhost:8787']],
    ['trailing dot and upper case', 'http://LOCALHOST.:8787/x', ['localhost:8787']],
    ['trailing dot, own host without port', 'https://go.example.com./x', ['go.example.com']],
    ['own host given with a trailing dot', 'https://go.example.com/x', ['go.example.com.']],
    ['own host given in upper case', 'https://go.example.com/x', ['GO.Example.COM']],
    ['unicode destination, punycode own host', 'https://Bücher.example./x', ['xn--bcher-kva.example']],
    ['punycode destination, unicode own host', 'https://xn--bcher-kva.example/x', ['bücher.example']],
    ['explicit default port (http)', 'http://sho.rt:80/x', ['sho.rt']],
    ['explicit default port, own host with it', 'http://sho.rt/x', ['sho.rt:80']],
    ['explicit default port (https) on an own host with no port', 'https://sho.rt:443/x', ['sho.rt']],
    ['IPv4 in another form', 'http://127.1:8787/x', ['127.0.0.1:8787']],
    ['IPv4 with a trailing dot', 'http://127.0.0.1.:8787/x', ['127.0.0.1:8787']],
  ])('refuses an own host spelt another way: %s', (_label, url, own) => {
    expect(checkDestinationUrl(url, own)).toEqual({ ok: false, problem: 'own-host' });
  });

  it.each([
    ['another port of an own host given with a port', 'http://localhost.:9999/x', ['localhost:8787']],
    ['another host ending like an own host', 'https://notgo.example.com./x', ['go.example.com']],
  ])('still accepts %s', (_label, url, own) => {
    expect(checkDestinationUrl(url, own).ok).toBe(true);
  });

  it('refuses a host made only of dots', () => {
    expect(checkDestinationUrl('http://../x')).toEqual({ ok: false, problem: 'no-host' });
  });
});
