import { describe, expect, it } from 'vitest';
import { EMPTY_UTM } from '../../../lib/campaign/utm';
import { ruleTestAnswer } from '../../../lib/options/rule-test';
import type { LinkSetup } from '../../../lib/site-rules/link-setup';

const SETUP: LinkSetup = {
  templates: [{ id: 't1', name: 'Newsletter', utm: { ...EMPTY_UTM, source: 'news', medium: 'email' } }],
  rules: [
    { id: 'r1', pattern: 'acme.dev', domain: null, clean: false },
    { id: 'r2', pattern: '*.acme.dev', domain: 'go.acme.dev', tags: ['launch'], templateId: 't1' },
  ],
};

describe("options: the rules' test box", () => {
  it('nothing typed: no answer yet', () => {
    expect(ruleTestAnswer('  ', SETUP, true)).toEqual({ kind: 'empty' });
  });

  it.each([
    ['acme dev', 'invalid'],
    ['ftp://acme.dev/file', 'scheme'],
    ['https://user:pw@acme.dev/', 'credentials'],
  ])('%j is not a URL to shorten (%s)', (typed, problem) => {
    expect(ruleTestAnswer(typed, SETUP, true)).toEqual({ kind: 'invalid', problem });
  });

  it('a subdomain: rule 2 applies, with its domain, tags and template; trackers removed', () => {
    const answer = ruleTestAnswer('https://blog.acme.dev/post?fbclid=abc&id=3', SETUP, true);
    expect(answer).toEqual({
      kind: 'plan',
      plan: {
        longUrl: 'https://blog.acme.dev/post?id=3&utm_source=news&utm_medium=email',
        cleaned: { original: 'https://blog.acme.dev/post?fbclid=abc&id=3', removed: ['fbclid'], unwrappedFrom: null },
        rule: { pattern: '*.acme.dev', index: 1, domain: 'go.acme.dev', tags: ['launch'] },
        template: 'Newsletter',
      },
    });
  });

  it("the apex: rule 1 applies, and its 'never clean' keeps the trackers", () => {
    const answer = ruleTestAnswer('https://acme.dev/?fbclid=abc', SETUP, true);
    expect(answer).toEqual({ kind: 'plan', plan: { longUrl: 'https://acme.dev/?fbclid=abc', rule: { pattern: 'acme.dev', index: 0, domain: null, clean: false } } });
  });

  it("no rule: the user's cleaning setting decides", () => {
    expect(ruleTestAnswer('https://other.dev/?gclid=x', SETUP, true)).toMatchObject({ kind: 'plan', plan: { longUrl: 'https://other.dev/', cleaned: { removed: ['gclid'] } } });
    const off = ruleTestAnswer('https://other.dev/?gclid=x', SETUP, false);
    expect(off).toEqual({ kind: 'plan', plan: { longUrl: 'https://other.dev/?gclid=x' } });
  });
});
