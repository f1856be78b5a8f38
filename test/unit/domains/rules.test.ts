import { describe, expect, it } from 'vitest';
import { checkConnectInput } from '../../../lib/domains/connect-rules';
import { domainOptions } from '../../../lib/domains/choices';
import { judgeDomainName } from '../../../lib/contract/domain-name';
import { decodeLabel, toUnicodeHost } from '../../../lib/domains/punycode';

describe('judgeDomainName (the rules the extension and the service share)', () => {
  it.each([
    ['go.example.com', 'go.example.com', true],
    ['  GO.Example.COM. ', 'go.example.com', true],
    ['example.com', 'example.com', false],
    ['Bücher.example', 'xn--bcher-kva.example', false],
    ['links.münchen.de', 'links.xn--mnchen-3ya.de', true],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`, false],
  ])('accepts %j as %s (subdomain: %s)', (raw, domain, isSubDomain) => {
    expect(judgeDomainName(raw)).toEqual({ ok: true, domain, isSubDomain });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['https://go.example.com', 'scheme'],
    ['http://go.example.com/x', 'scheme'],
    ['go example.com', 'spaces'],
    ['go.example.com\t', 'empty-is-not-it'],
    ['go.example.com/promo', 'path'],
    ['go.example.com\\promo', 'path'],
    ['go.example.com:8443', 'port'],
    ['user@go.example.com', 'characters'],
    ['*.example.com', 'characters'],
    ['%65xample.com', 'characters'],
    ['localhost', 'one-label'],
    ['com', 'one-label'],
    [`${'a'.repeat(64)}.com`, 'label-too-long'],
    ['-a.example.com', 'label-invalid'],
    ['a_b.example.com', 'label-invalid'],
    ['a..example.com', 'label-invalid'],
    ['example..', 'label-invalid'],
    [`${'abcdefghi.'.repeat(26)}com`, 'too-long'],
    ['192.168.0.1', 'ip-address'],
    ['xn--a.com', 'invalid'],
  ])('refuses %j: %s', (raw, problem) => {
    const verdict = judgeDomainName(raw);
    // A trailing tab is trimmed like a space: that name is fine.
    if (problem === 'empty-is-not-it') expect(verdict.ok).toBe(true);
    else expect(verdict).toEqual({ ok: false, problem });
  });
});

describe('checkConnectInput', () => {
  const context = { serviceHost: 'sho.rt', connected: ['go.example.com', 'xn--bcher-kva.example'] };
  it.each([
    ['SHO.RT.', 'own-domain'],
    ['go.example.com', 'already-connected'],
    ['Go.Example.com.', 'already-connected'],
    ['bücher.example', 'already-connected'],
    ['https://new.example.com', 'scheme'],
  ])('refuses %j: %s', (raw, problem) => {
    expect(checkConnectInput(raw, context)).toEqual({ ok: false, problem });
  });

  it('accepts a new domain in the form the service stores', () => {
    expect(checkConnectInput('Links.Example.com', context)).toEqual({ ok: true, domain: 'links.example.com', isSubDomain: true });
  });

  it('an unknown service host refuses nothing on its account', () => {
    expect(checkConnectInput('sho.rt', { serviceHost: '', connected: [] })).toMatchObject({ ok: true });
  });
});

describe('punycode decoding', () => {
  it.each([
    ['bcher-kva', 'bücher'],
    ['mnchen-3ya', 'münchen'],
    ['fiqs8s', '中国'],
    ['n3h', '☃'],
    ['ls8h', '💩'],
  ])('decodes %s as %s', (label, unicode) => {
    expect(decodeLabel(label)).toBe(unicode);
  });

  // Not punycode at all, a non-ASCII basic part, cut short, and two that overflow (the package throws).
  it.each(['!!', 'a-b-ü', 'bcher-k', '99999999', '7777777777a'])('refuses %j', (label) => {
    expect(decodeLabel(label)).toBeNull();
  });

  it.each([
    ['xn--bcher-kva.example', 'bücher.example'],
    ['links.xn--mnchen-3ya.de', 'links.münchen.de'],
    ['go.example.com', 'go.example.com'],
    // Does not encode back to itself: shown as stored, never as a different name.
    ['xn--a.com', 'xn--a.com'],
    ['xn--!!.com', 'xn--!!.com'],
    ['xn--.com', 'xn--.com'],
    // Decodes to plain ASCII `a`, and to a fullwidth `Ａ` the URL parser maps to `a`: other names.
    ['xn--a-.example', 'xn--a-.example'],
    ['xn--ph7c.example', 'xn--ph7c.example'],
    // One label that does not decode keeps the whole name as stored, the good labels too.
    ['xn--bcher-kva.xn--!!.example', 'xn--bcher-kva.xn--!!.example'],
    ['xn--bcher-kva.xn--99999999.example', 'xn--bcher-kva.xn--99999999.example'],
    // Several decoded labels in one name.
    ['xn--mnchen-3ya.xn--bcher-kva.example', 'münchen.bücher.example'],
  ])('shows %s as %s', (host, shown) => {
    expect(toUnicodeHost(host)).toBe(shown);
  });

  it('round-trips with the URL parser for every label it decodes', () => {
    for (const name of ['bücher', 'münchen', 'ελληνικά', '日本語', 'emoji😀x', 'ação']) {
      const ascii = new URL(`http://${name}.example/`).hostname;
      expect(toUnicodeHost(ascii)).toBe(`${name}.example`);
    }
  });
});

describe('domainOptions', () => {
  it("offers the service's own domain, then the set-up domains in order, shown in Unicode", () => {
    expect(domainOptions(['xn--bcher-kva.example', 'go.example.com'], '')).toEqual([
      { value: '', label: '', missing: false },
      { value: 'go.example.com', label: 'go.example.com', missing: false },
      { value: 'xn--bcher-kva.example', label: 'bücher.example', missing: false },
    ]);
  });

  it('keeps a current choice that is not set up, marked, so it is never replaced unseen', () => {
    expect(domainOptions(['go.example.com'], 'old.example.com').at(-1)).toEqual({ value: 'old.example.com', label: 'old.example.com', missing: true });
    expect(domainOptions(['go.example.com'], 'go.example.com').some((o) => o.missing)).toBe(false);
  });
});
