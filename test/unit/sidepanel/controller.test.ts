import { describe, expect, it } from 'vitest';
import type { CachedAnalytics } from '../../../lib/storage/analytics-cache';
import type { AnswerOf } from '../../../lib/messaging/send-message';
import type { ListedLink } from '../../../lib/storage/link-shape';
import type { LinkView } from '../../../lib/sidepanel/panel-model';
import {
  CLOCK_MS,
  REFRESH_MS,
  createSidePanelController,
  pickerMatches,
  type TabAccess,
  type TabLinks,
  type Timers,
} from '../../../lib/sidepanel/controller';
import { fakeSend, settled, type Answers } from '../fixtures/fake-send';

/** Intervals the test fires by hand. */
function fakeTimers() {
  const live = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  const timers: Timers = {
    setInterval: (fn, ms) => {
      live.set(next, { fn, ms });
      return next++;
    },
    clearInterval: (h) => void live.delete(h as number),
  };
  const fire = (ms: number) => {
    for (const t of [...live.values()]) if (t.ms === ms) t.fn();
  };
  return { timers, live, fire };
}

function fakeTabs(over: { access?: TabAccess; current?: string | null; grant?: boolean } = {}) {
  let current = over.current ?? null;
  let listener: (() => void) | null = null;
  const tabs: TabLinks = {
    access: async () => over.access ?? 'granted',
    request: async () => over.grant ?? true,
    current: async () => current,
    watch: (cb) => {
      listener = cb;
      return () => (listener = null);
    },
  };
  return {
    tabs,
    switchTo(linkId: string | null) {
      current = linkId;
      listener?.();
    },
    watching: () => listener !== null,
  };
}

const done = (data: unknown, fetchedAt = 2_000): AnswerOf<'linkAnalytics'> => ({ status: 'done', data, fetchedAt });
const offline: AnswerOf<'linkAnalytics'> = { status: 'error', error: { kind: 'network', message: 'x' } };

function panel(
  answers: Answers,
  over: {
    cache?: Record<string, CachedAnalytics>;
    known?: Record<string, LinkView>;
    visible?: boolean;
    online?: boolean;
    tabs?: ReturnType<typeof fakeTabs>;
    timeZone?: string;
  } = {},
) {
  const fake = fakeSend(answers);
  const t = fakeTimers();
  const env = { visible: over.visible ?? true, online: over.online ?? true, clock: 10_000 };
  const tabs = over.tabs ?? fakeTabs({ access: 'not-granted' });
  const controller = createSidePanelController({
    send: fake.send,
    readCache: async (id) => over.cache?.[id] ?? null,
    now: () => env.clock,
    timers: t.timers,
    isVisible: () => env.visible,
    isOnline: () => env.online,
    ...(over.timeZone === undefined ? {} : { timeZone: () => over.timeZone as string }),
    tabs: tabs.tabs,
    knownLink: async (id) => over.known?.[id] ?? null,
    serviceHost: async () => 'api.s.test',
    onChange: () => undefined,
  });
  return { controller, fake, t, env, tabs, m: () => controller.model() };
}

const link = (id: string, shortUrl = `http://s.test/${id}`, longUrl = `https://dest.example/${id}`): ListedLink => ({
  linkId: id,
  shortUrl,
  longUrl,
  createdDate: '2026-01-01T00:00:00Z',
  clicks: 0,
  tags: [],
});

describe('side panel controller: which link', () => {
  it('?linkId= shows that link, whatever the active tab holds', async () => {
    const p = panel({ linkAnalytics: () => done({ a: 1 }) }, { tabs: fakeTabs({ current: 'tabLink' }) });
    await p.controller.start('lnk_1');
    expect(p.m().target).toEqual({ kind: 'link', linkId: 'lnk_1', from: 'param' });
    // The figures are asked for first; the list's first page follows, for the header's title.
    expect(p.fake.sent[0]).toEqual({ type: 'linkAnalytics', data: { linkId: 'lnk_1' } });
    expect(p.fake.names().filter((n) => n !== 'linkPage')).toEqual(['linkAnalytics']);
    expect(p.tabs.watching()).toBe(false);
  });

  it('asks for the figures with the page\'s time zone, so their days are the reader\'s', async () => {
    const p = panel({ linkAnalytics: () => done({ a: 1 }) }, { timeZone: 'Asia/Kolkata' });
    await p.controller.start('lnk_1');
    expect(p.fake.sent[0]).toEqual({ type: 'linkAnalytics', data: { linkId: 'lnk_1', timeZone: 'Asia/Kolkata' } });
  });

  it('without linkId and with tab access: the active tab\'s link, following tab switches', async () => {
    const tabs = fakeTabs({ current: 'lnk_tab' });
    const p = panel({ linkAnalytics: ({ linkId }) => done({ linkId }), linkPage: () => ({ status: 'done', links: [], nextCursor: null }) }, { tabs });
    await p.controller.start(null);
    expect(p.m().target).toEqual({ kind: 'link', linkId: 'lnk_tab', from: 'tab' });
    tabs.switchTo('lnk_other');
    await settled();
    expect(p.m().target).toMatchObject({ linkId: 'lnk_other' });
    expect(p.m().figures?.data).toEqual({ linkId: 'lnk_other' });
    // A tab without a link of ours: the picker.
    tabs.switchTo(null);
    await settled();
    expect(p.m().target).toEqual({ kind: 'pick' });
  });

  it('without tab access: the picker, and the permission button then follows the tab', async () => {
    const tabs = fakeTabs({ access: 'not-granted', current: 'lnk_tab' });
    const p = panel({ linkAnalytics: () => done({}), linkPage: () => ({ status: 'done', links: [link('a')], nextCursor: null }) }, { tabs });
    await p.controller.start(null);
    expect(p.m().target).toEqual({ kind: 'pick' });
    expect(p.m().tabAccess).toBe('not-granted');
    await settled();
    expect(p.m().picker.links.map((l) => l.linkId)).toEqual(['a']);
    await p.controller.allowTabs();
    expect(p.m().tabAccess).toBe('granted');
    expect(p.m().target).toMatchObject({ linkId: 'lnk_tab', from: 'tab' });
    expect(p.tabs.watching()).toBe(true);
  });

  it('a refused permission leaves the picker', async () => {
    const tabs = fakeTabs({ access: 'not-granted', current: 'lnk_tab', grant: false });
    const p = panel({ linkPage: () => ({ status: 'done', links: [], nextCursor: null }) }, { tabs });
    await p.controller.start(null);
    await p.controller.allowTabs();
    expect(p.m().target).toEqual({ kind: 'pick' });
  });
});

describe('side panel controller: cache, then refresh', () => {
  it('shows the cached figures at once, then the service\'s', async () => {
    let answer!: (a: AnswerOf<'linkAnalytics'>) => void;
    const p = panel(
      { linkAnalytics: () => new Promise((r) => (answer = r)) },
      { cache: { lnk: { data: { old: true }, fetchedAt: 1_000 } } },
    );
    const started = p.controller.start('lnk');
    await settled();
    expect(p.m().figures).toEqual({ data: { old: true }, fetchedAt: 1_000, cached: true });
    expect(p.m().refreshing).toBe(true);
    answer(done({ fresh: true }, 9_000));
    await started;
    expect(p.m().figures).toEqual({ data: { fresh: true }, fetchedAt: 9_000, cached: false });
    expect(p.m().refreshing).toBe(false);
  });

  it('?linkId=: reads the cache and shows it, then asks the service, while the tab permission is still being checked', async () => {
    let allow!: (access: TabAccess) => void;
    const tabs = fakeTabs();
    tabs.tabs.access = () => new Promise((r) => (allow = r));
    const read: string[] = [];
    const fake = fakeSend({ linkAnalytics: () => new Promise(() => undefined), linkPage: () => new Promise(() => undefined) });
    const controller = createSidePanelController({
      send: fake.send,
      readCache: async (id) => (read.push(id), { data: { old: true }, fetchedAt: 1_000 }),
      now: () => 10_000,
      timers: fakeTimers().timers,
      isVisible: () => true,
      isOnline: () => true,
      tabs: tabs.tabs,
      knownLink: async () => null,
      serviceHost: async () => null,
      onChange: () => undefined,
    });
    void controller.start('lnk');
    // The cache is read in the same turn as the start, before the permission check answers.
    expect(read).toEqual(['lnk']);
    await settled();
    expect(controller.model().figures).toEqual({ data: { old: true }, fetchedAt: 1_000, cached: true });
    expect(fake.names()).toContain('linkAnalytics');
    expect(controller.model().tabAccess).toBe('not-granted');
    allow('granted');
    await settled();
    expect(controller.model().tabAccess).toBe('granted');
    // Read once.
    expect(read).toEqual(['lnk']);
  });

  it('a cache that cannot be read (no IndexedDB) still leads to the service\'s figures', async () => {
    const p = panel({ linkAnalytics: () => done({ fresh: true }) });
    const broken = createSidePanelController({
      send: p.fake.send,
      readCache: () => Promise.reject(new Error('no IndexedDB')),
      now: () => 10_000,
      timers: fakeTimers().timers,
      isVisible: () => true,
      isOnline: () => true,
      tabs: fakeTabs({ access: 'not-granted' }).tabs,
      knownLink: async () => null,
      serviceHost: async () => null,
      onChange: () => undefined,
    });
    await broken.start('lnk');
    expect(broken.model().figures).toEqual({ data: { fresh: true }, fetchedAt: 2_000, cached: false });
  });

  it('offline (the browser says so): keeps the last figures; back online refreshes', async () => {
    const answers: AnswerOf<'linkAnalytics'>[] = [offline, done({ back: 1 })];
    const p = panel({ linkAnalytics: () => answers.shift()! }, { cache: { lnk: { data: { old: true }, fetchedAt: 1_000 } }, online: false });
    await p.controller.start('lnk');
    expect(p.m().offline).toBe(true);
    expect(p.m().figures?.data).toEqual({ old: true });
    p.env.online = true;
    p.controller.connectivityChanged();
    await settled();
    expect(p.m().offline).toBe(false);
    expect(p.m().figures?.data).toEqual({ back: 1 });
  });

  it('a service that does not answer while the network is up is not "offline": the error stays, with the host, and the figures', async () => {
    const p = panel({ linkAnalytics: () => offline }, { cache: { lnk: { data: { old: true }, fetchedAt: 1_000 } } });
    await p.controller.start('lnk');
    await settled();
    expect(p.m().offline).toBe(false);
    expect(p.m().error?.kind).toBe('network');
    expect(p.m().host).toBe('api.s.test');
    expect(p.m().figures?.data).toEqual({ old: true });
  });

  it('a refusal is an error, not "offline", and keeps the figures', async () => {
    const p = panel(
      { linkAnalytics: () => ({ status: 'error', error: { kind: 'service', code: 'LINK_NOT_FOUND', message: 'gone' } }) },
      { cache: { lnk: { data: { old: true }, fetchedAt: 1_000 } } },
    );
    await p.controller.start('lnk');
    expect(p.m().offline).toBe(false);
    expect(p.m().error?.code).toBe('LINK_NOT_FOUND');
    expect(p.m().figures?.data).toEqual({ old: true });
  });

  it('a late answer for the previous link is dropped', async () => {
    const pending: ((a: AnswerOf<'linkAnalytics'>) => void)[] = [];
    const p = panel({ linkAnalytics: () => new Promise((r) => pending.push(r)) });
    void p.controller.start('first');
    await settled();
    void p.controller.choose('second');
    await settled();
    pending[1]!(done({ second: true }));
    pending[0]!(done({ first: true }));
    await settled();
    expect(p.m().figures?.data).toEqual({ second: true });
  });
});

describe('side panel controller: refresh every 30 s only while visible', () => {
  it('the timer refreshes while visible, stops while hidden, and catches up on return', async () => {
    const p = panel({ linkAnalytics: () => done({}) });
    await p.controller.start('lnk');
    expect(p.fake.sent.filter((s) => s.type === 'linkAnalytics')).toHaveLength(1);
    p.t.fire(REFRESH_MS);
    await settled();
    expect(p.fake.sent.filter((s) => s.type === 'linkAnalytics')).toHaveLength(2);

    p.env.visible = false;
    p.controller.visibilityChanged();
    expect([...p.t.live.values()]).toEqual([]);
    p.t.fire(REFRESH_MS);
    await settled();
    expect(p.fake.sent.filter((s) => s.type === 'linkAnalytics')).toHaveLength(2);

    p.env.clock += REFRESH_MS + 1;
    p.env.visible = true;
    p.controller.visibilityChanged();
    await settled();
    expect(p.fake.sent.filter((s) => s.type === 'linkAnalytics')).toHaveLength(3);
    expect([...p.t.live.values()].map((t) => t.ms).sort()).toEqual([CLOCK_MS, REFRESH_MS].sort());
  });

  it('coming back before 30 s does not refresh early', async () => {
    const p = panel({ linkAnalytics: () => done({}) });
    await p.controller.start('lnk');
    p.env.visible = false;
    p.controller.visibilityChanged();
    p.env.clock += 1_000;
    p.env.visible = true;
    p.controller.visibilityChanged();
    await settled();
    expect(p.fake.sent.filter((s) => s.type === 'linkAnalytics')).toHaveLength(1);
  });

  it('opened hidden: no timer until shown', async () => {
    const p = panel({ linkAnalytics: () => done({}) }, { visible: false });
    await p.controller.start('lnk');
    expect(p.t.live.size).toBe(0);
  });

  it('the clock tick moves "now" for the age text', async () => {
    const p = panel({ linkAnalytics: () => done({}) });
    await p.controller.start('lnk');
    p.env.clock += 7_000;
    p.t.fire(CLOCK_MS);
    expect(p.m().now).toBe(p.env.clock);
  });

  it('stop clears every timer', async () => {
    const p = panel({ linkAnalytics: () => done({}) });
    await p.controller.start('lnk');
    p.controller.stop();
    expect(p.t.live.size).toBe(0);
  });
});

describe('side panel controller: picker', () => {
  it('a search loads more pages until enough links match, filtering what is loaded', async () => {
    const pages: Record<number, AnswerOf<'linkPage'>> = {
      0: { status: 'done', links: [link('a'), link('news1', 'http://s.test/n1', 'https://news.example/1')], nextCursor: 2 },
      2: { status: 'done', links: Array.from({ length: 12 }, (_, i) => link(`n${i + 10}`, `http://s.test/x${i}`, `https://news.example/${i}`)), nextCursor: 14 },
      14: { status: 'done', links: [link('z')], nextCursor: null },
    };
    const p = panel({ linkPage: ({ cursor }) => pages[cursor]! });
    await p.controller.start(null);
    await settled();
    expect(p.m().picker.links).toHaveLength(2);
    await p.controller.search('NEWS');
    expect(p.fake.sent.filter((s) => s.type === 'linkPage')).toHaveLength(2);
    expect(pickerMatches(p.m().picker)).toHaveLength(13);
    await p.controller.loadMore();
    expect(p.m().picker.nextCursor).toBeNull();
    await p.controller.loadMore();
    expect(p.fake.sent.filter((s) => s.type === 'linkPage')).toHaveLength(3);
  });

  it('choosing a link shows it; back returns to the loaded list', async () => {
    const p = panel({
      linkPage: () => ({ status: 'done', links: [link('a')], nextCursor: null }),
      linkAnalytics: () => done({ a: 1 }),
    });
    await p.controller.start(null);
    await settled();
    await p.controller.choose('a');
    expect(p.m().target).toEqual({ kind: 'link', linkId: 'a', from: 'picker' });
    p.controller.backToPicker();
    expect(p.m().target).toEqual({ kind: 'pick' });
    expect(p.m().picker.links).toHaveLength(1);
    expect(p.t.live.size).toBe(0);
  });

  it('a failing page shows its error and stops the search', async () => {
    const p = panel({ linkPage: () => offline as AnswerOf<'linkPage'> });
    await p.controller.start(null);
    await settled();
    await p.controller.search('x');
    expect(p.m().picker.error?.kind).toBe('network');
    expect(p.fake.sent.filter((s) => s.type === 'linkPage')).toHaveLength(1);
  });
});
