import { describe, expect, it } from 'vitest';
import { cleanUrl } from '../../../lib/clean/clean-url';

// Real-world shapes of tracked and wrapped URLs, each with what the link should point at.
const TABLE: { name: string; input: string; url: string; removed: string[]; unwrappedFrom?: string }[] = [
  {
    name: 'Facebook click id, Google Ads click id, campaign kept',
    input: 'https://example.com/a?x=1&fbclid=IwAR3abc&gclid=Cj0KCQ&utm_source=news',
    url: 'https://example.com/a?x=1&utm_source=news',
    removed: ['fbclid', 'gclid'],
  },
  {
    name: 'Facebook outbound redirect (l.php), the wrapped page cleaned too',
    input: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%2Fpage%3Fa%3D1%26fbclid%3Dz&h=AT0xyz',
    url: 'https://example.com/page?a=1',
    removed: [],
    unwrappedFrom: 'l.facebook.com',
  },
  {
    name: 'Google redirect wrapper',
    input: 'https://www.google.com/url?url=https://example.com/x&sa=D',
    url: 'https://example.com/x',
    removed: ['sa'],
    unwrappedFrom: 'www.google.com',
  },
  {
    name: 'Google AMP copy',
    input: 'https://www.google.com/amp/s/example.com/article',
    url: 'https://example.com/article',
    removed: [],
    unwrappedFrom: 'www.google.com',
  },
  {
    name: 'YouTube redirect',
    input: 'https://www.youtube.com/redirect?q=https%3A%2F%2Fexample.com%2Fy&event=video_description',
    url: 'https://example.com/y',
    removed: [],
    unwrappedFrom: 'www.youtube.com',
  },
  {
    name: 'Mailchimp ids',
    input: 'https://example.com/?mc_eid=8a1b&mc_cid=77f2&id=5',
    url: 'https://example.com/?id=5',
    removed: ['mc_eid', 'mc_cid'],
  },
  {
    name: 'HubSpot email tracking, campaign kept',
    input: 'https://example.com/blog?_hsenc=p2AN&_hsmi=2&__hstc=3&hsCtaTracking=4&utm_campaign=spring',
    url: 'https://example.com/blog?utm_campaign=spring',
    removed: ['_hsenc', '_hsmi', '__hstc', 'hsCtaTracking'],
  },
  {
    name: 'Instagram share id',
    input: 'https://www.instagram.com/p/Cabc123/?igshid=MzRlODBiNWFlZA==',
    url: 'https://www.instagram.com/p/Cabc123/',
    removed: ['igshid'],
  },
  {
    name: 'Amazon search tracking and ref path',
    input: 'https://www.amazon.com/Some-Product/dp/B08N5WRWNW/ref=sr_1_3?keywords=x&qid=1&sr=8-3&th=1',
    url: 'https://www.amazon.com/Some-Product/dp/B08N5WRWNW?th=1',
    removed: ['qid', 'sr', 'keywords'],
  },
  {
    name: 'a clean URL is left alone',
    input: 'https://example.com/a?x=1',
    url: 'https://example.com/a?x=1',
    removed: [],
  },
];

describe('cleanUrl on real-world URLs', () => {
  for (const row of TABLE) {
    it(row.name, () => {
      const out = cleanUrl(row.input);
      expect(out.url).toBe(row.url);
      expect(out.removed).toEqual(row.removed);
      expect(out.unwrappedFrom).toBe(row.unwrappedFrom ?? null);
      expect(out.failed).toBe(false);
    });
  }
});

describe('cleanUrl keeps what it does not remove', () => {
  it('keeps the rest of the query and the fragment byte for byte', () => {
    const out = cleanUrl('https://example.com/a?b=%20c&q=x+y&utm_medium=x&fbclid=1&e=%E2%9C%93#frag');
    expect(out.url).toBe('https://example.com/a?b=%20c&q=x+y&utm_medium=x&e=%E2%9C%93#frag');
  });

  it('never removes a campaign parameter, whatever its case', () => {
    const out = cleanUrl('https://example.com/?utm_source=a&UTM_Medium=b&utm_id=c&utm_content=d');
    expect(out.url).toBe('https://example.com/?utm_source=a&UTM_Medium=b&utm_id=c&utm_content=d');
    expect(out.removed).toEqual([]);
  });

  it('names a parameter given twice once', () => {
    expect(cleanUrl('https://example.com/?gclid=1&gclid=2')).toMatchObject({ url: 'https://example.com/', removed: ['gclid'] });
  });

  it('leaves what is not an http(s) URL as it was', () => {
    for (const input of ['', 'not a url', 'ftp://example.com/?fbclid=1', 'javascript:alert(1)']) {
      expect(cleanUrl(input)).toEqual({ url: input, removed: [], unwrappedFrom: null, failed: false });
    }
  });
});
