/** lib/options/first-run-try.ts: "Shorten this page" on the tab the user came from. */
import { describe, expect, it, vi } from 'vitest';
import { cameFromTab, createFirstRunTry, type TabSeen, type TryState } from '../../../lib/options/first-run-try';
import { fakeSend, type Answers } from '../fixtures/fake-send';

const LINK = { shortUrl: 'https://s.test/abc', longUrl: 'https://news.example/today', linkId: 'l1', createdDate: '2026-11-29T00:00:00Z' };

describe('the tab the user came from', () => {
  const welcome: TabSeen = { id: 9, url: 'chrome-extension://x/welcome.html', lastAccessed: 300 };

  it('is the tab used last before the welcome page, when it is a web page', () => {
    const tabs = [welcome, { id: 1, url: 'https://old.example/', lastAccessed: 100 }, { id: 2, url: 'https://news.example/today', title: ' News ', lastAccessed: 200 }];
    expect(cameFromTab(tabs, 9)).toEqual({ id: 2, url: 'https://news.example/today', title: 'News' });
  });

  it("is the welcome tab's opener when the browser knows it", () => {
    const tabs = [welcome, { id: 1, url: 'https://store.example/', lastAccessed: 100 }, { id: 2, url: 'https://news.example/', lastAccessed: 200 }];
    expect(cameFromTab(tabs, 9, 1)).toMatchObject({ id: 1, url: 'https://store.example/' });
  });

  it('is none when that tab is a browser page, or there is no other tab', () => {
    expect(cameFromTab([welcome, { id: 2, url: 'chrome://newtab/', lastAccessed: 200 }], 9)).toBeNull();
    expect(cameFromTab([welcome, { id: 2, url: 'about:blank', lastAccessed: 200 }], 9)).toBeNull();
    expect(cameFromTab([welcome], 9)).toBeNull();
  });

  it('is offered with no address when the extension may not read it', () => {
    expect(cameFromTab([welcome, { id: 2, lastAccessed: 200 }], 9)).toEqual({ id: 2, url: null });
  });
});

describe('Shorten this page', () => {
  function trial(answers: Answers, opts: { granted?: boolean; tab?: TabSeen | null } = {}) {
    const fake = fakeSend(answers);
    const states: TryState[] = [];
    const requestTabs = vi.fn(async () => opts.granted ?? true);
    const readTab = vi.fn(async () => (opts.tab === undefined ? null : opts.tab));
    const run = createFirstRunTry({ send: fake.send, requestTabs, readTab, onChange: (s) => states.push(s) });
    return { run, fake, states, requestTabs };
  }

  it('shortens a known web page through the one shorten flow, asking for no permission', async () => {
    const t = trial({ shorten: async () => ({ status: 'done', link: LINK, fromCache: false }) });
    await t.run.shorten({ id: 2, url: 'https://news.example/today', title: 'News' });
    expect(t.fake.sent).toEqual([{ type: 'shorten', data: { url: 'https://news.example/today' } }]);
    expect(t.requestTabs).not.toHaveBeenCalled();
    expect(t.states.map((s) => s.kind)).toEqual(['shortening', 'done']);
    expect(t.run.state()).toEqual({ kind: 'done', shortUrl: LINK.shortUrl, longUrl: LINK.longUrl });
  });

  it('an unreadable tab: asks for tabs, then shortens it when it is a web page', async () => {
    const t = trial({ shorten: async () => ({ status: 'done', link: LINK, fromCache: false }) }, { tab: { id: 2, url: 'https://news.example/today' } });
    await t.run.shorten({ id: 2, url: null });
    expect(t.requestTabs).toHaveBeenCalledOnce();
    expect(t.run.state().kind).toBe('done');
  });

  it('refused, or no web page after all: says so and sends nothing', async () => {
    const refused = trial({}, { granted: false });
    await refused.run.shorten({ id: 2, url: null });
    expect(refused.run.state()).toEqual({ kind: 'no-permission' });
    const browserPage = trial({}, { tab: { id: 2, url: 'chrome://settings/' } });
    await browserPage.run.shorten({ id: 2, url: null });
    expect(browserPage.run.state()).toEqual({ kind: 'not-a-page' });
    const closed = trial({}, { tab: null });
    await closed.run.shorten({ id: 2, url: null });
    expect(closed.run.state()).toEqual({ kind: 'not-a-page' });
    expect([...refused.fake.sent, ...browserPage.fake.sent, ...closed.fake.sent]).toEqual([]);
  });

  it("offline it is queued; a refusal keeps the service's error", async () => {
    const queued = trial({ shorten: async () => ({ status: 'queued', itemId: 'q1' }) });
    await queued.run.shorten({ id: 2, url: 'https://news.example/', title: null });
    expect(queued.run.state()).toEqual({ kind: 'queued' });
    const error = { kind: 'service' as const, code: 'X', message: 'no' };
    const failed = trial({ shorten: async () => ({ status: 'error', error }) });
    await failed.run.shorten({ id: 2, url: 'https://news.example/', title: null });
    expect(failed.run.state()).toEqual({ kind: 'failed', error });
  });
});
