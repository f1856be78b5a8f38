/**
 * The watch's records in IndexedDB (a database of its own, WATCH_DB), per
 * scope (service address and workspace, as the link cache keys them): each
 * link's record; the scope's problems (every record not fine, one small
 * entry the options page and the marks read whole); and the run's place in
 * the service's list, so a run the worker stopped goes on where it was.
 * Nothing of it leaves the browser.
 */
import { createStore, del, get, getMany, set, setMany, update, type UseStore } from 'idb-keyval';
import { WATCH_DB, type LinkScope } from '../storage/keys';
import { needsLook, type WatchRecord } from './watch-record';

/** Where a run is in the service's list, and when the last one finished. */
export interface WatchRun {
  /** The offset of the page being checked. */
  cursor: number;
  /** Links of that page already checked, when a wake-up stopped in its middle. */
  doneInPage: string[];
  startedAt: number | null;
  lastFinishedAt: number | null;
  /** How many links the run has checked so far, and how many the service listed. */
  checked: number;
  total: number;
}

export const IDLE_RUN: WatchRun = { cursor: 0, doneInPage: [], startedAt: null, lastFinishedAt: null, checked: 0, total: 0 };

const base = (scope: LinkScope) => [scope.baseUrl.trim().replace(/\/+$/, ''), scope.workspaceId];
/** JSON arrays, as ANALYTICS_DB's keys: no link id can run into another part. */
const linkKey = (scope: LinkScope, linkId: string) => JSON.stringify(['link', ...base(scope), linkId]);
const problemsKey = (scope: LinkScope) => JSON.stringify(['problems', ...base(scope)]);
const runKey = (scope: LinkScope) => JSON.stringify(['run', ...base(scope)]);

export interface WatchStore {
  readRun(scope: LinkScope): Promise<WatchRun>;
  writeRun(scope: LinkScope, run: WatchRun): Promise<void>;
  /** The records of `linkIds`, in their order (undefined for a link never checked). */
  records(scope: LinkScope, linkIds: string[]): Promise<(WatchRecord | undefined)[]>;
  /** Saves records and keeps the scope's problems in step. */
  save(scope: LinkScope, records: WatchRecord[]): Promise<void>;
  /** Every record of the scope that is not fine. */
  problems(scope: LinkScope): Promise<WatchRecord[]>;
  /** Drops problems last checked before `before`: links the finished run no longer found in the list (deleted). */
  prune(scope: LinkScope, before: number): Promise<void>;
  /** Forgets the scope's run (a fresh start), keeping its records. */
  resetRun(scope: LinkScope): Promise<void>;
}

export function createWatchStore(db: UseStore = createStore(WATCH_DB.name, WATCH_DB.store)): WatchStore {
  return {
    readRun: async (scope) => ({ ...IDLE_RUN, ...((await get<WatchRun>(runKey(scope), db)) ?? {}) }),
    writeRun: (scope, run) => set(runKey(scope), run, db),
    records: (scope, linkIds) => getMany<WatchRecord | undefined>(linkIds.map((id) => linkKey(scope, id)), db),
    async save(scope, records) {
      if (records.length === 0) return;
      await setMany(records.map((r) => [linkKey(scope, r.linkId), r]), db);
      await update<Record<string, WatchRecord>>(
        problemsKey(scope),
        (old) => {
          const next = { ...(old ?? {}) };
          for (const r of records) {
            if (needsLook(r)) next[r.linkId] = r;
            else delete next[r.linkId];
          }
          return next;
        },
        db,
      );
    },
    problems: async (scope) => Object.values((await get<Record<string, WatchRecord>>(problemsKey(scope), db)) ?? {}),
    prune: (scope, before) =>
      update<Record<string, WatchRecord>>(
        problemsKey(scope),
        (old) => Object.fromEntries(Object.entries(old ?? {}).filter(([, r]) => r.checkedAt >= before)),
        db,
      ),
    resetRun: (scope) => del(runKey(scope), db),
  };
}
