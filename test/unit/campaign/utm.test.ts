import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EMPTY_UTM, utmOf, utmValueProblem, withUtm, UTM_FIELDS, type UtmValues } from '../../../lib/campaign/utm';

describe('withUtm', () => {
  it('adds the fields after the query in a fixed order, the rest byte for byte', () => {
    const url = 'https://example.com/p?b=%20c&q=x+y&e=%E2%9C%93#top';
    expect(withUtm(url, { campaign: 'spring', source: 'news' })).toBe(
      'https://example.com/p?b=%20c&q=x+y&e=%E2%9C%93&utm_source=news&utm_campaign=spring#top',
    );
  });

  it('replaces an existing value in its place and drops its duplicates', () => {
    const url = 'https://example.com/?utm_source=old&a=1&utm_source=older&utm_medium=email';
    expect(withUtm(url, { source: 'new' })).toBe('https://example.com/?utm_source=new&a=1&utm_medium=email');
  });

  it('removes a field given empty and leaves fields not given alone', () => {
    const url = 'https://example.com/?utm_source=a&utm_medium=b&x=1';
    expect(withUtm(url, { source: '  ' })).toBe('https://example.com/?utm_medium=b&x=1');
    expect(withUtm('https://example.com/?utm_source=a', { source: '' })).toBe('https://example.com/');
  });

  it('trims and encodes spaces, &, # and Unicode', () => {
    expect(withUtm('https://example.com/', { campaign: '  Spring sale & more #1  ', term: 'चाय' })).toBe(
      'https://example.com/?utm_campaign=Spring%20sale%20%26%20more%20%231&utm_term=%E0%A4%9A%E0%A4%BE%E0%A4%AF',
    );
  });

  it('matches keys whatever their case', () => {
    expect(withUtm('https://example.com/?UTM_Source=a', { source: 'b' })).toBe('https://example.com/?utm_source=b');
  });

  it('reads back what it wrote', () => {
    const values: UtmValues = { source: 'news letter', medium: 'e&mail', campaign: '#1', term: 'चाय', content: 'a+b' };
    expect(utmOf(withUtm('https://example.com/?x=1', values))).toEqual(values);
  });

  it('applying a template twice changes nothing', () => {
    const value = fc.string({ maxLength: 20 });
    const template = fc.record(
      { source: value, medium: value, campaign: value, term: value, content: value },
      { requiredKeys: [] },
    );
    const query = fc.array(
      fc.tuple(fc.constantFrom('a', 'utm_source', 'UTM_medium', 'q', 'utm_term', 'x y'), fc.webSegment()),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(template, query, fc.boolean(), (fields, pairs, hash) => {
        const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
        const url = `https://example.com/p${search ? `?${search}` : ''}${hash ? '#h' : ''}`;
        const once = withUtm(url, fields);
        expect(withUtm(once, fields)).toBe(once);
        // Pairs that are not campaign pairs are all still there, in order, as written.
        const others = (u: string) => ((u.split('#')[0] ?? '').split('?')[1] ?? '').split('&').filter((p) => p !== '' && !/^utm_/i.test(p));
        expect(others(once)).toEqual(others(url));
      }),
      { numRuns: 200 },
    );
  });
});

describe('utmOf', () => {
  it('reads the first value of each field, decoded', () => {
    expect(utmOf('https://example.com/?utm_source=a%20b&utm_source=c&utm_campaign=x+y#utm_medium=no')).toEqual({
      ...EMPTY_UTM,
      source: 'a b',
      campaign: 'x y',
    });
  });

  it('is empty for a URL without campaign pairs', () => {
    expect(utmOf('https://example.com/')).toEqual(EMPTY_UTM);
    expect(Object.keys(utmOf('https://example.com/'))).toEqual([...UTM_FIELDS]);
  });
});

describe('utmValueProblem', () => {
  it('refuses control characters and over-long values', () => {
    expect(utmValueProblem('ok value')).toBeNull();
    expect(utmValueProblem('a\nb')).toBe('control');
    expect(utmValueProblem('x'.repeat(201))).toBe('too-long');
  });
});
