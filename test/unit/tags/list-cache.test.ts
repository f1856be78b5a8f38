import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkedTagList } from '../../../lib/background/links/tags';
import { createTagListCache } from '../../../lib/tags/list-cache';

beforeEach(() => {
  fakeBrowser.reset();
});

const scope = (n: number) => ({ baseUrl: 'https://sho.rt/api', workspaceId: `ws-${n}` });

describe('the last tag list of each workspace', () => {
  it('is read back for its own workspace only', async () => {
    const cache = createTagListCache(checkedTagList);
    await cache.write(scope(1), ['news'], 10);
    expect(await cache.read(scope(1))).toEqual({ tags: ['news'], at: 10 });
    expect(await cache.read(scope(2))).toBeNull();
    expect(await cache.read({ baseUrl: 'https://other.example/api', workspaceId: 'ws-1' })).toBeNull();
  });

  it('keeps the 20 workspaces loaded last', async () => {
    const cache = createTagListCache(checkedTagList);
    for (let n = 0; n < 25; n += 1) await cache.write(scope(n), [`t${n}`], 1000 + n);
    expect(await cache.read(scope(4))).toBeNull();
    expect(await cache.read(scope(5))).toEqual({ tags: ['t5'], at: 1005 });
    expect(await cache.read(scope(24))).toEqual({ tags: ['t24'], at: 1024 });
  });

  it('ignores what is not a list it wrote', async () => {
    const cache = createTagListCache(checkedTagList);
    await fakeBrowser.storage.local.set({ tagLists: { [`${scope(1).baseUrl} ws-1`]: { tags: 'news', at: 1 }, [`${scope(1).baseUrl} ws-2`]: { tags: ['x'], at: 'now' } } });
    expect(await cache.read(scope(1))).toBeNull();
    expect(await cache.read(scope(2))).toBeNull();
    await fakeBrowser.storage.local.set({ tagLists: 'garbage' });
    expect(await cache.read(scope(1))).toBeNull();
    await cache.write(scope(3), ['ok'], 3);
    expect(await cache.read(scope(3))).toEqual({ tags: ['ok'], at: 3 });
  });
});
