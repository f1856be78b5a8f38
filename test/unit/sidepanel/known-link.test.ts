import { describe, expect, it } from 'vitest';
import { findInRecord } from '../../../lib/sidepanel/known-link';
import { colourIndexOf, displayHost, faviconUrl, letterOf } from '../../../lib/sidepanel/link-icon';

const cached = { linkId: 'a', shortUrl: 'http://s.test/a', longUrl: 'https://www.dest.example/a', createdDate: '2026-01-01T00:00:00Z', tags: ['x', 3] };

describe('the link as the device\'s cache knows it', () => {
  it('finds it in the recent list or the URL map', () => {
    expect(findInRecord({ recent: [cached] }, 'a')).toEqual({ ...cached, tags: ['x'] });
    expect(findInRecord({ byUrl: { 'https://www.dest.example/a': cached } }, 'a')?.shortUrl).toBe('http://s.test/a');
  });

  it('with the title and clicks the service last listed, when they are readable', () => {
    expect(findInRecord({ recent: [{ ...cached, title: 'Spring sale', clicks: 97 }] }, 'a')).toMatchObject({ title: 'Spring sale', clicks: 97 });
    expect(findInRecord({ recent: [{ ...cached, title: 5, clicks: -1 }] }, 'a')).toEqual({ ...cached, tags: ['x'] });
    expect(findInRecord({ recent: [{ ...cached, createdDate: 7 }] }, 'a')).toBeNull();
  });

  it.each([null, 'junk', { recent: 'junk' }, { recent: [{ ...cached, shortUrl: 5 }] }, { recent: [cached] }])('%j holds no link "b" (or none readable)', (record) => {
    expect(findInRecord(record, 'b')).toBeNull();
  });
});

describe('a link\'s icon', () => {
  it('asks Chrome\'s favicon cache for web pages only', () => {
    expect(faviconUrl('https://dest.example/a?b=c', 'chrome-extension://id')).toBe(
      'chrome-extension://id/_favicon/?pageUrl=https%3A%2F%2Fdest.example%2Fa%3Fb%3Dc&size=32',
    );
    expect(faviconUrl('javascript:alert(1)', 'chrome-extension://id')).toBeNull();
  });

  it('else a letter of the host, in a colour that stays with the host', () => {
    expect(displayHost('https://www.dest.example/a')).toBe('dest.example');
    expect(letterOf('https://www.dest.example/a')).toBe('D');
    expect(letterOf('https://123.example')).toBe('1');
    expect(colourIndexOf('https://dest.example/a', 8)).toBe(colourIndexOf('https://dest.example/b', 8));
  });
});
