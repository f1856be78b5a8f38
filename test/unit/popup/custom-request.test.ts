/** The request Customise sends, built in its lazy part: keyword or not, domain, campaign values, and the link it replaces. */
import { describe, expect, it } from 'vitest';
import type { LinkView } from '../../../lib/messaging/send-message';
import { customRequest, keywordOf } from '../../../lib/popup/custom-request';

const URL_A = 'https://a.example/p?id=7';
const made: LinkView = { shortUrl: 'http://s.test/abc1234', longUrl: URL_A, linkId: 'made', createdDate: '2026-01-01T00:00:00Z' };

describe('customRequest', () => {
  it('a keyword: a custom link, made anew, with its tags', () => {
    expect(customRequest({ keyword: 'spring', tags: ['launch'] })(URL_A, null)).toEqual({
      url: URL_A,
      keywordType: 'CUSTOM',
      keyword: 'spring',
      force: true,
      tags: ['launch'],
    });
  });

  it('campaign values and no keyword: a random keyword, the changed values as the utm ask, replacing the link made for this URL', () => {
    expect(customRequest({ keyword: '', tags: [], utm: { source: 'news letter', campaign: '' } })(URL_A, made)).toEqual({
      url: URL_A,
      keywordType: 'HASH',
      force: true,
      tags: [],
      replaces: 'made',
      // The new link's URL differs (its campaign values): the old one is named by its own.
      replacesUrl: URL_A,
      utm: { source: 'news letter', campaign: '' },
    });
  });

  it('a link made for another URL is not replaced', () => {
    expect(customRequest({ keyword: 'x', tags: [] })('https://b.example/', made)).not.toHaveProperty('replaces');
  });

  it("a chosen domain goes with it; '' (the service's own) is sent as such, not as the default", () => {
    expect(customRequest({ keyword: 'x', tags: [], customDomain: 'go.test' })(URL_A, null)).toMatchObject({ customDomain: 'go.test' });
    expect(customRequest({ keyword: 'x', tags: [], customDomain: '' })(URL_A, null)).toMatchObject({ customDomain: '' });
    expect(customRequest({ keyword: 'x', tags: [] })(URL_A, null)).not.toHaveProperty('customDomain');
  });
});

describe('keywordOf', () => {
  it.each([
    ['https://sho.rt/launch-2', 'launch-2'],
    ['https://sho.rt/launch-2/', 'launch-2'],
    ['https://sho.rt/', null],
    ['https://sho.rt/a/b', null],
    ['not a url', null],
  ])('keywordOf(%s) = %s', (url, keyword) => {
    expect(keywordOf(url)).toBe(keyword);
  });
});
