/**
 * The destination watch in the background: a weekly alarm starts a run over
 * the active profile's links ("Check now" too); each wake-up checks for a
 * short while (lib/watch/watch-run.ts) and, when the list is not done, sets
 * a near alarm to go on, so no wake-up holds the worker past its limits and
 * a worker stopped in between resumes where the run's place was saved. A
 * link people clicked in the last 7 days that becomes gone or failing is
 * told once, in a notification. Also answers the pages' watch messages.
 */
import type { Handlers } from '../dispatcher';
import type { Reach } from '../reach-service';
import type { LinkScope } from '../../storage/keys';
import type { Connection } from '../../storage/settings';
import { checkDestination } from '../../watch/check-destination';
import { createHostPacer, pacedFetch, type PacerClock } from '../../watch/host-pacer';
import type { WatchRecord } from '../../watch/watch-record';
import { usedLately } from '../../watch/used-lately';
import { watchWake, type ListedPage } from '../../watch/watch-run';
import type { WatchStore } from '../../watch/watch-store';

export const WATCH_WEEKLY_ALARM = 'shortlink-watch-weekly';
export const WATCH_CONTINUE_ALARM = 'shortlink-watch-continue';
const WEEK_MINUTES = 7 * 24 * 60;
/** A packed Chrome extension's alarms fire no sooner than 30 s: the pause between two wake-ups of a run. */
const CONTINUE_AFTER_MS = 30_000;

export interface WatchAlarms {
  create(name: string, info: { when?: number; delayInMinutes?: number; periodInMinutes?: number }): Promise<void> | void;
  clear(name: string): Promise<boolean>;
  onAlarm: { addListener(cb: (alarm: { name: string }) => void): void };
}

export interface WatchDeps {
  alarms: WatchAlarms;
  /** The active profile, bound (lib/background/reach-service.ts). */
  reach: () => Promise<Reach>;
  store: WatchStore;
  enabled: { getValue(): Promise<boolean>; setValue(on: boolean): Promise<void> };
  mayReachAnySite: () => Promise<boolean>;
  fetch: typeof fetch;
  clock: PacerClock;
  /** A used link that has just broken: one notification. */
  tell: (record: WatchRecord) => Promise<void>;
  onError: (error: unknown) => void;
}

export type WatchHandlers = Pick<Handlers, 'watchStatus' | 'setWatch' | 'watchCheckNow' | 'watchMarks'>;

const scopeOf = (r: { conn: Connection }): LinkScope => ({ baseUrl: r.conn.baseUrl, workspaceId: r.conn.workspaceId });

/** Call synchronously in the background's `main`: the alarm's listener must exist before the alarm wakes the worker. */
export function wireWatch(deps: WatchDeps): WatchHandlers {
  let running: Promise<void> | null = null;

  async function wakeOnce(): Promise<void> {
    if (!(await deps.enabled.getValue()) || !(await deps.mayReachAnySite())) return;
    const r = await deps.reach();
    if ('refused' in r) return;
    const scope = scopeOf(r);
    const { client, conn } = r;
    const pacer = createHostPacer(deps.clock);
    const fetchPaced = pacedFetch(pacer, deps.fetch);
    const listPage = async (cursor: number, pageSize: number): Promise<ListedPage> => {
      // Oldest first: links made during a run join its end instead of shifting the pages still to come.
      const page = await client.listLinks({ workspaceId: conn.workspaceId, cursor, pageSize, orderBy: 'createdDate', orderType: 'asc' });
      return { links: page.list.map((l) => ({ linkId: l._id, longUrl: l.longUrl, totalClicks: l.totalClicks, shortUrl: l.shortUrl })), hasNext: page.pageInfo.hasNext };
    };
    const result = await watchWake({
      scope,
      listPage,
      check: (url) => checkDestination(url, { fetch: fetchPaced }),
      store: deps.store,
      pacer,
      clock: deps.clock,
      // Told when people clicked it in the last 7 days, by the service's own day counts.
      onBroken: (record, prev) =>
        void usedLately(record, prev, () => client.getAnalytics(record.linkId, conn.workspaceId))
          .then((used) => (used ? deps.tell(record) : undefined))
          .catch(deps.onError),
    });
    if (!result.finished) await deps.alarms.create(WATCH_CONTINUE_ALARM, { when: deps.clock.now() + CONTINUE_AFTER_MS });
  }

  /** One wake-up at a time: an alarm firing while "Check now" runs joins it. */
  function wake(): Promise<void> {
    running ??= wakeOnce()
      .catch(deps.onError)
      .finally(() => {
        running = null;
      });
    return running;
  }

  /**
   * Marks a run started (a run under way goes on; otherwise a new one starts
   * from the list's first page) and sets its first wake-up going. Resolves
   * once it is marked, so a page asking right after sees it running.
   */
  async function startRun(): Promise<void> {
    const r = await deps.reach();
    if ('refused' in r) return;
    const run = await deps.store.readRun(scopeOf(r));
    if (run.startedAt === null) await deps.store.writeRun(scopeOf(r), { ...run, cursor: 0, doneInPage: [], startedAt: deps.clock.now(), checked: 0, total: 0 });
    void wake();
  }

  deps.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === WATCH_WEEKLY_ALARM) startRun().catch(deps.onError);
    if (alarm.name === WATCH_CONTINUE_ALARM) wake().catch(deps.onError);
  });

  async function refusal(): Promise<'off' | 'no-permission' | 'not-configured' | null> {
    if (!(await deps.enabled.getValue())) return 'off';
    if (!(await deps.mayReachAnySite())) return 'no-permission';
    const r = await deps.reach();
    return 'refused' in r ? 'not-configured' : null;
  }

  return {
    async watchStatus() {
      const [enabled, permitted, r] = await Promise.all([deps.enabled.getValue(), deps.mayReachAnySite(), deps.reach()]);
      if ('refused' in r) return { enabled, permitted, configured: false, running: null, lastFinishedAt: null, problems: [] };
      const scope = scopeOf(r);
      const [run, problems] = await Promise.all([deps.store.readRun(scope), deps.store.problems(scope)]);
      return {
        enabled,
        permitted,
        configured: true,
        running: run.startedAt === null ? null : { checked: run.checked, total: run.total },
        lastFinishedAt: run.lastFinishedAt,
        // The newest trouble first.
        problems: problems.sort((a, b) => b.since - a.since),
      };
    },
    async setWatch({ enabled }) {
      if (!enabled) {
        await deps.enabled.setValue(false);
        await Promise.all([deps.alarms.clear(WATCH_WEEKLY_ALARM), deps.alarms.clear(WATCH_CONTINUE_ALARM)]);
        return { ok: true };
      }
      if (!(await deps.mayReachAnySite())) return { ok: false, problem: 'no-permission' };
      await deps.enabled.setValue(true);
      await deps.alarms.create(WATCH_WEEKLY_ALARM, { periodInMinutes: WEEK_MINUTES, delayInMinutes: WEEK_MINUTES });
      // The first run starts now, so the user sees what it finds.
      await startRun();
      return { ok: true };
    },
    async watchCheckNow() {
      const refused = await refusal();
      if (refused !== null) return { ok: false, problem: refused };
      await startRun();
      return { ok: true };
    },
    async watchMarks({ linkIds }) {
      // Turned off: what an old check found is not shown as if it were current.
      if (linkIds.length === 0 || !(await deps.enabled.getValue())) return [];
      const r = await deps.reach();
      if ('refused' in r || linkIds.length === 0) return [];
      const records = await deps.store.records(scopeOf(r), linkIds);
      return records.filter((rec): rec is WatchRecord => rec !== undefined && rec.state !== 'fine');
    },
  };
}
