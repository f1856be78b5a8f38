import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { createLinkCache } from '../../../lib/storage/links';
import { storeProfile } from '../../../lib/storage/settings';
import { leaveForPage } from '../../../lib/browser/first-script';
import { POPUP_FIRST_SCRIPT, takeEarlyStart } from '../../../lib/popup/early-slot';
import { startPopup, type FirstApis } from '../../../lib/popup/early-start';

const conn = { baseUrl: 'http://s.test/api', token: 't', workspaceId: 'w' };
const link = { shortUrl: 'http://s.test/abc1234', longUrl: 'https://a.example/', linkId: 'l1', createdDate: '2026-01-01T00:00:00Z', workspaceId: 'w', tags: [] };
const search = `?url=${encodeURIComponent('https://a.example/')}`;

/** The browser's own API as the first script sees it: storage is the fake browser's, messages are recorded. */
function apis(answer: unknown = { ok: true, value: { configured: true, autoShorten: true, copyToClipboard: true, keywordType: 'HASH', cached: null, recent: [] } }) {
  const sent: unknown[] = [];
  const api: FirstApis = {
    tabs: { getCurrent: async () => ({ id: 7, windowId: 1 }), query: async () => [] },
    storage: { local: browser.storage.local },
    runtime: {
      sendMessage: async (message) => {
        sent.push(message);
        return answer;
      },
    },
  };
  return { api, sent };
}

describe("the popup's first script", () => {
  it('a page shortened before: copied at once from local storage, no message to the background', async () => {
    await storeProfile({ id: 'p1', name: 'Main', ...conn }, true);
    await createLinkCache().remember(conn, link);
    const copy = vi.fn(async () => true);
    const { api, sent } = apis();
    const early = startPopup(api, search, copy);
    const start = await early.begun.start;
    expect(start.state.cached?.shortUrl).toBe(link.shortUrl);
    expect(start.copying?.text).toBe(link.shortUrl);
    await expect(start.copying?.done).resolves.toBe(true);
    expect(copy).toHaveBeenCalledWith(link.shortUrl);
    expect(early.begun.settled?.()).toBe(start);
    expect(sent).toEqual([]);
    expect(await early.place).toMatchObject({ openedAsTab: true, statsTab: { id: 7, windowId: 1 } });
  });

  it('a new page: the background is asked to shorten it before the page has loaded', async () => {
    const { api, sent } = apis();
    const copy = vi.fn(async () => true);
    const early = startPopup(api, `?url=${encodeURIComponent('https://new.example/')}`, copy);
    expect(early.begun.settled?.()).toBeUndefined();
    await early.begun.start;
    expect(sent).toEqual([{ type: 'popupState', data: { url: 'https://new.example/', shortenNow: true } }]);
    // The link it makes is copied by the page, which shows it.
    expect(copy).not.toHaveBeenCalled();
  });

  it('what it started reaches the page; without it, the page starts with an error rather than waiting forever', async () => {
    const scope = {};
    const { api } = apis();
    const early = startPopup(api, search, async () => true);
    leaveForPage(POPUP_FIRST_SCRIPT, early, scope);
    expect(takeEarlyStart(scope)).toBe(early);
    await expect(takeEarlyStart({}).begun.start).rejects.toThrow(/first script/);
  });
});
