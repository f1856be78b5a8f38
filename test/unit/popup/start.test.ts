import { describe, expect, it, vi } from 'vitest';
import type { PopupState } from '../../../lib/messaging/send-message';
import { begin, type StartDeps } from '../../../lib/popup/start';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import { fakeSend, type Answers } from '../fixtures/fake-send';

const link = { shortUrl: 'http://s.test/abc1234', longUrl: 'https://a.example/', linkId: 'l1', createdDate: '2026-01-01T00:00:00Z' };
const state = (over: Partial<PopupState> = {}): PopupState => ({
  configured: true,
  autoShorten: true,
  copyToClipboard: true,
  keywordType: 'HASH',
  cached: null,
  recent: [],
  ...over,
});
const connected = { preferences: SETTINGS_DEFAULTS.preferences, record: null, profiles: [], activeId: '', serviceHost: null };

function deps(answers: Answers, over: Partial<StartDeps> = {}) {
  const fake = fakeSend(answers);
  const marks: string[] = [];
  const d: StartDeps = {
    send: fake.send,
    search: `?url=${encodeURIComponent('https://a.example/')}`,
    whereAmI: async () => ({ openedAsTab: true, url: undefined }),
    readLocalCache: async () => connected,
    localPopupState: () => null,
    mark: (name) => marks.push(name),
    ...over,
  };
  return { d, fake, marks };
}

describe('popup start: local cache versus background', () => {
  it('a page shortened before is answered from local storage, without waking the background', async () => {
    const local = state({ cached: link });
    const { d, fake, marks } = deps({}, { localPopupState: () => local });
    const begun = begin(d);
    await expect(begun.start).resolves.toEqual({ target: 'https://a.example/', state: local });
    await expect(begun.shortening).resolves.toBeUndefined();
    expect(fake.sent).toEqual([]);
    expect(marks).toEqual([]);
  });

  it('a new page waits for the background, and says it is shortening meanwhile', async () => {
    const remote = state({ shortened: { status: 'done', link, fromCache: false } });
    const { d, fake, marks } = deps({ popupState: async () => remote });
    const begun = begin(d);
    await expect(begun.shortening).resolves.toBe('https://a.example/');
    await expect(begun.start).resolves.toEqual({ target: 'https://a.example/', state: remote });
    expect(fake.sent).toEqual([{ type: 'popupState', data: { url: 'https://a.example/', shortenNow: true } }]);
    expect(marks).toEqual(['asked', 'answered']);
  });

  it("the toolbar popup names the active tab, so the background can read the page's own status", async () => {
    const remote = state({ shortened: { status: 'done', link, fromCache: false } });
    const { d, fake } = deps({ popupState: async () => remote }, { search: '', whereAmI: async () => ({ openedAsTab: false, url: 'https://a.example/', statsTab: { id: 12 } }) });
    await begin(d).start;
    expect(fake.sent).toEqual([{ type: 'popupState', data: { url: 'https://a.example/', shortenNow: true, tabId: 12 } }]);
  });

  it('does not announce shortening when the user turned shorten-on-open off', async () => {
    const { d } = deps(
      { popupState: async () => state({ autoShorten: false }) },
      { readLocalCache: async () => ({ ...connected, preferences: { ...SETTINGS_DEFAULTS.preferences, autoShorten: false } }) },
    );
    const begun = begin(d);
    await expect(begun.shortening).resolves.toBeUndefined();
  });

  it('a failing local read falls back to the background, and the default (shorten on open) is announced', async () => {
    const remote = state();
    const { d } = deps({ popupState: async () => remote }, { readLocalCache: () => Promise.reject(new Error('no storage')) });
    const begun = begin(d);
    await expect(begun.shortening).resolves.toBe('https://a.example/');
    await expect(begun.start).resolves.toEqual({ target: 'https://a.example/', state: remote });
    await expect(begun.local).resolves.toBeNull();
  });

  it('hands on what local storage holds (profiles, the service), read once', async () => {
    const readLocalCache = vi.fn(async () => connected);
    const { d } = deps({ popupState: async () => state() }, { readLocalCache });
    const begun = begin(d);
    await begun.start;
    await expect(begun.local).resolves.toBe(connected);
    expect(readLocalCache).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a chrome:// tab', { openedAsTab: false, url: 'chrome://version/' }, { url: 'chrome://version/' }],
    ['no tab URL', { openedAsTab: false, url: undefined }, {}],
  ])('%s: asks the background for its state only, never to shorten', async (_name, where, asked) => {
    const localPopupState = vi.fn(() => null);
    const { d, fake, marks } = deps({ popupState: async () => state() }, { search: '', whereAmI: async () => where, localPopupState });
    await begin(d).start;
    expect(fake.sent).toEqual([{ type: 'popupState', data: asked }]);
    expect(localPopupState).not.toHaveBeenCalled();
    expect(marks).toEqual([]);
  });
});
