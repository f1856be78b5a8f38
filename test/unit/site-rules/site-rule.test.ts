import { describe, expect, it } from 'vitest';
import { formatHostPattern, parseHostPattern, patternMatches } from '../../../lib/site-rules/host-pattern';
import { checkRule, firstMatch, type SiteRule } from '../../../lib/site-rules/site-rule';

describe('host patterns', () => {
  it('reads a host and its subdomains form in the normal form', () => {
    expect(parseHostPattern(' ACME.dev. ')).toEqual({ host: 'acme.dev', subdomains: false });
    expect(parseHostPattern('*.Bücher.example')).toEqual({ host: 'xn--bcher-kva.example', subdomains: true });
    expect(formatHostPattern({ host: 'acme.dev', subdomains: true })).toBe('*.acme.dev');
  });

  it('refuses wildcards elsewhere, regular expressions, ports, paths, schemes and huge input', () => {
    for (const bad of ['', '*', '*.', 'a*.acme.dev', 'acme.*', '.*\\.acme\\.dev', '(a+)+.dev', 'acme.dev:8080', 'acme.dev/x', 'https://acme.dev', 'localhost', `${'a'.repeat(300)}.dev`, '*.*.acme.dev', 'a..dev']) {
      expect(parseHostPattern(bad), bad).toBeNull();
    }
  });

  it('matches the host itself, or its subdomains but not the apex', () => {
    const apex = parseHostPattern('acme.dev')!;
    const subs = parseHostPattern('*.acme.dev')!;
    expect(patternMatches(apex, 'acme.dev')).toBe(true);
    expect(patternMatches(apex, 'www.acme.dev')).toBe(false);
    expect(patternMatches(subs, 'www.acme.dev')).toBe(true);
    expect(patternMatches(subs, 'a.b.acme.dev')).toBe(true);
    expect(patternMatches(subs, 'acme.dev')).toBe(false);
    expect(patternMatches(subs, 'notacme.dev')).toBe(false);
  });
});

describe('firstMatch', () => {
  const rules: SiteRule[] = [
    { id: 'r1', pattern: 'blog.acme.dev', tags: ['blog'] },
    { id: 'r2', pattern: '*.acme.dev', tags: ['acme'] },
    { id: 'r3', pattern: 'acme.dev', clean: false },
  ];

  it('takes the first rule that matches, in the order given', () => {
    expect(firstMatch(rules, 'https://blog.acme.dev/post')?.rule.id).toBe('r1');
    expect(firstMatch(rules, 'https://shop.acme.dev/')?.index).toBe(1);
    expect(firstMatch(rules, 'https://ACME.dev./')?.rule.id).toBe('r3');
    expect(firstMatch([rules[1]!, rules[0]!], 'https://blog.acme.dev/')?.rule.id).toBe('r2');
  });

  it('matches nothing for another host or a URL that does not parse', () => {
    expect(firstMatch(rules, 'https://example.com/?u=acme.dev')).toBeNull();
    expect(firstMatch(rules, 'not a url')).toBeNull();
  });
});

describe('checkRule', () => {
  it('saves a rule in its normal form', () => {
    expect(checkRule({ id: 'a', pattern: '*.ACME.dev', domain: 'Go.Acme.DEV', tags: [' launch '], templateId: 't1', clean: false }, [], ['t1'])).toEqual({
      ok: true,
      rule: { id: 'a', pattern: '*.acme.dev', domain: 'go.acme.dev', tags: ['launch'], templateId: 't1', clean: false },
    });
  });

  it('refuses bad fields, one problem at a time', () => {
    expect(checkRule({ id: 'a', pattern: 'acme.*', clean: true }, [], [])).toEqual({ ok: false, problem: 'pattern-invalid' });
    expect(checkRule({ id: 'b', pattern: 'acme.dev', clean: true }, [{ id: 'a', pattern: 'acme.dev', clean: false }], [])).toEqual({ ok: false, problem: 'pattern-taken' });
    expect(checkRule({ id: 'a', pattern: 'acme.dev', domain: 'https://x.dev/' }, [], [])).toEqual({ ok: false, problem: 'domain-invalid' });
    expect(checkRule({ id: 'a', pattern: 'acme.dev', tags: ['x'.repeat(51)] }, [], [])).toEqual({ ok: false, problem: 'tags-invalid' });
    expect(checkRule({ id: 'a', pattern: 'acme.dev', templateId: 'gone' }, [], ['t1'])).toEqual({ ok: false, problem: 'template-unknown' });
    expect(checkRule({ id: 'a', pattern: 'acme.dev' }, [], [])).toEqual({ ok: false, problem: 'sets-nothing' });
  });
});
