// The watch in the background: on only with the permission, a first run when turned on, a continuing alarm for a run not done, marks and problems for the pages.
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api/client';
import type { Reach } from '../../../lib/background/reach-service';
import { WATCH_CONTINUE_ALARM, WATCH_WEEKLY_ALARM, wireWatch } from '../../../lib/background/watch/watch-wiring';
import type { Link } from '../../../lib/contract/schemas';
import type { WatchRecord } from '../../../lib/watch/watch-record';
import { createWatchStore } from '../../../lib/watch/watch-store';
import { fakeFetch, json } from '../fixtures/fake-fetch';
import { BASE_URL, emptyAnalytics, linkRecord, TOKEN, WORKSPACE } from '../fixtures/wire';
import { autoClock, until } from '../watch/fake-clock';

const conn = { baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE };
let n = 0;

/** Analytics whose last days hold `days` clicks (bots left out). */
function analyticsWith(days: number[]) {
  const a = emptyAnalytics();
  a.linkDetailsData.daywiseDevices.data = { series: [{ name: 'Desktop', data: days }], seriesCategory: days.map((_, i) => `2026-11-${String(20 + i).padStart(2, '0')}`) };
  return a;
}

function setup(opts: { links: Link[]; permitted?: boolean; enabled?: boolean; pageAnswers: Record<string, number>; lastDays?: Record<string, number[] | 'fails'> }) {
  const clock = autoClock();
  const { fetch: serviceFetch, calls } = fakeFetch(async (req) => {
    const url = new URL(req.url);
    const analytics = /\/link\/([^/]+)\/[^/]+$/.exec(url.pathname);
    if (analytics !== null) {
      const days = opts.lastDays?.[analytics[1] ?? ''];
      if (days === 'fails' || days === undefined) return json({ status: false, errors: [{ code: 'NOT_FOUND', errorMessage: 'no analytics here' }] }, 404);
      return json({ status: true, data: analyticsWith(days) });
    }
    const cursor = Number(url.searchParams.get('cursor') ?? 0);
    const size = Number(url.searchParams.get('pageSize') ?? 10);
    const list = opts.links.slice(cursor, cursor + size);
    const hasNext = cursor + size < opts.links.length;
    return json({ status: true, data: { pageInfo: { cursor: cursor + list.length, hasNext, pageNumber: 1, pageSize: size, totalCount: opts.links.length, totalPages: 1 }, list } });
  });
  const client = createApiClient({ baseUrl: BASE_URL, getToken: () => TOKEN, fetch: serviceFetch });
  const alarms: { created: [string, unknown][]; cleared: string[]; listener?: (a: { name: string }) => void } = { created: [], cleared: [] };
  let enabled = opts.enabled ?? false;
  const told: WatchRecord[] = [];
  const store = createWatchStore(createStore(`watch-wiring-${(n += 1)}`, 'checks'));
  const destinations = (async (input: string) => {
    await clock.sleep(50);
    return new Response(null, { status: opts.pageAnswers[input] ?? 200 });
  }) as typeof fetch;
  const handlers = wireWatch({
    alarms: {
      create: (name, info) => void alarms.created.push([name, info]),
      clear: async (name) => (alarms.cleared.push(name), true),
      onAlarm: { addListener: (cb) => (alarms.listener = cb) },
    },
    reach: async (): Promise<Reach> => ({ conn, client }),
    store,
    enabled: { getValue: async () => enabled, setValue: async (on) => void (enabled = on) },
    mayReachAnySite: async () => opts.permitted ?? true,
    fetch: destinations,
    clock,
    tell: async (r) => void told.push(r),
    onError: (e) => {
      console.error('watch error', e);
    },
  });
  return { handlers, alarms, clock, calls, told, store, isEnabled: () => enabled };
}

const scope = { baseUrl: BASE_URL, workspaceId: WORKSPACE };

describe('wireWatch', () => {
  it('refuses to turn on without the permission to reach any site', async () => {
    const w = setup({ links: [], permitted: false, pageAnswers: {} });
    expect(await w.handlers.setWatch({ enabled: true })).toEqual({ ok: false, problem: 'no-permission' });
    expect(w.isEnabled()).toBe(false);
    expect(w.alarms.created).toEqual([]);
    expect(await w.handlers.watchCheckNow({})).toEqual({ ok: false, problem: 'off' });
  });

  it('turning on sets the weekly alarm and checks at once; the pages see problems and marks', async () => {
    const links = [
      linkRecord({ _id: 'l1', longUrl: 'https://fine.example/' }),
      linkRecord({ _id: 'l2', longUrl: 'https://gone.example/page' }),
      linkRecord({ _id: 'l3', longUrl: 'http://192.168.1.20/' }),
    ];
    const w = setup({ links, pageAnswers: { 'https://gone.example/page': 404 } });
    expect(await w.handlers.setWatch({ enabled: true })).toEqual({ ok: true });
    expect(w.alarms.created[0]?.[0]).toBe(WATCH_WEEKLY_ALARM);
    // Check now while the first run goes on joins it rather than starting another.
    expect(await w.handlers.watchCheckNow({})).toEqual({ ok: true });
    await until(async () => (await w.store.readRun(scope)).lastFinishedAt !== null);
    const status = await w.handlers.watchStatus({});
    expect(status).toMatchObject({ enabled: true, permitted: true, configured: true, running: null });
    expect(status.problems.map((p) => [p.linkId, p.state]).sort()).toEqual([
      ['l2', 'gone'],
      ['l3', 'not-checked'],
    ]);
    // Each names its short link, as the service listed it.
    expect(status.problems.find((p) => p.linkId === 'l2')?.shortUrl).toBe(links[1]?.shortUrl);
    const marks = await w.handlers.watchMarks({ linkIds: ['l1', 'l2'] });
    expect(marks.map((m) => m.linkId)).toEqual(['l2']);
    // The service was asked oldest first.
    expect(w.calls.some((c) => c.url.includes('orderType=asc'))).toBe(true);
  });

  it('a run longer than one wake-up sets the continuing alarm, which goes on from there', async () => {
    const links = Array.from({ length: 400 }, (_, i) => linkRecord({ _id: `l${i}`, longUrl: `https://h${i % 4}.example/${i}` }));
    const w = setup({ links, enabled: true, pageAnswers: {} });
    await w.handlers.watchCheckNow({});
    await until(() => w.alarms.created.some(([name]) => name === WATCH_CONTINUE_ALARM));
    const run = await w.store.readRun(scope);
    expect(run.startedAt).not.toBeNull();
    expect(run.checked).toBeGreaterThan(0);
    expect(run.checked).toBeLessThan(400);
    w.alarms.listener?.({ name: WATCH_CONTINUE_ALARM });
    await until(async () => (await w.store.readRun(scope)).checked > run.checked);
  });

  it('turning off clears both alarms and the marks', async () => {
    const w = setup({ links: [linkRecord({ _id: 'l1', longUrl: 'https://gone.example/' })], enabled: true, pageAnswers: { 'https://gone.example/': 404 } });
    await w.handlers.watchCheckNow({});
    await until(async () => (await w.handlers.watchMarks({ linkIds: ['l1'] })).length === 1);
    expect(await w.handlers.setWatch({ enabled: false })).toEqual({ ok: true });
    expect(await w.handlers.watchMarks({ linkIds: ['l1'] })).toEqual([]);
    expect(w.alarms.cleared.sort()).toEqual([WATCH_CONTINUE_ALARM, WATCH_WEEKLY_ALARM].sort());
    expect(w.isEnabled()).toBe(false);
  });

  it('tells of a link found newly broken only when people clicked it in the last 7 days, by the service\'s day counts', async () => {
    const links = [
      linkRecord({ _id: 'used', longUrl: 'https://a.example/used', totalClicks: 40 }),
      linkRecord({ _id: 'old', longUrl: 'https://b.example/old', totalClicks: 300 }),
      linkRecord({ _id: 'never', longUrl: 'https://c.example/never', totalClicks: 0 }),
      linkRecord({ _id: 'unknown', longUrl: 'https://d.example/unknown', totalClicks: 12 }),
    ];
    const pageAnswers = Object.fromEntries(links.map((l) => [l.longUrl, 410]));
    const w = setup({ links, enabled: true, pageAnswers, lastDays: { used: [0, 0, 0, 2, 0, 1, 0], old: [0, 0, 0, 0, 0, 0, 0], unknown: 'fails' } });
    await w.handlers.watchCheckNow({});
    await until(async () => (await w.store.readRun(scope)).lastFinishedAt !== null);
    await until(() => w.calls.filter((c) => /\/link\/(used|old|unknown)\//.test(c.url)).length === 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Clicked this week: told. Clicked only long ago, never clicked, or no answer and no earlier count to compare: not.
    expect(w.told.map((r) => r.linkId)).toEqual(['used']);
    expect(w.calls.some((c) => c.url.includes('/link/never/'))).toBe(false);
  });
});
