import { describe, expect, it } from 'vitest';
import { cacheKeyOf, linkCacheKey } from './links';
import { linkStorageKey, urlKey } from './popup-local';

// The popup reads lib/links.ts' records by hand to stay small; these must agree.
describe('popup fast path keys', () => {
  it.each([
    ['http://127.0.0.1:8787/api', 'demo'],
    ['https://sho.rt/api/', 'ws_1'],
    ['  https://sho.rt/api//  ', 'a.b:c-d'],
  ])('storage key for %s / %s matches linkCacheKey', (baseUrl, workspaceId) => {
    expect(`local:${linkStorageKey(baseUrl, workspaceId)}`).toBe(linkCacheKey({ baseUrl, workspaceId }));
  });

  it.each(['HTTPS://Example.com', 'https://example.com/a?b=1#c', ' http://x.test/ ', 'chrome://version', 'not a url'])(
    'URL key for %s matches cacheKeyOf',
    (url) => {
      expect(urlKey(url)).toBe(cacheKeyOf(url));
    },
  );
});
