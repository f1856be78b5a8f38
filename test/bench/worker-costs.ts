/**
 * Where a service worker's time goes: wraps the browser APIs the background
 * awaits (IndexedDB transactions and whole-store reads, fetch, storage.local,
 * alarms, the badge, notifications, the offscreen document, messages) to
 * count each call and sum the time until it settled. Calls that overlap are
 * each counted whole, so the sums say where waits are, not a wall-clock split.
 *
 * The wrappers live in the worker's global scope: a worker stopped and
 * started again runs unwrapped. The script is plain JavaScript in a string,
 * so tsx adds nothing to it that the worker lacks.
 */
import type { Worker } from 'playwright-core';

export interface CallCost {
  calls: number;
  ms: number;
  /** idb getAll: records read; storage.local.set: JSON characters written. */
  volume: number;
}

export type WorkerCosts = Record<string, CallCost>;

const INSTRUMENT = String.raw`(() => {
  const g = globalThis;
  if (g.__costs) { for (const k of Object.keys(g.__costs)) g.__costs[k] = { calls: 0, ms: 0, volume: 0 }; return; }
  g.__costs = {};
  const stat = (label) => (g.__costs[label] ??= { calls: 0, ms: 0, volume: 0 });
  const timed = (label, run, volumeOf) => {
    const s = stat(label);
    s.calls += 1;
    const t = performance.now();
    const done = (value) => { s.ms += performance.now() - t; if (volumeOf) s.volume += volumeOf(value); };
    return run(done);
  };
  // Promise or callback style (the polyfill passes a callback last).
  // label: a string, or one made from the call's arguments.
  const wrapApi = (obj, name, labelOf, volumeOfArgs) => {
    if (!obj || typeof obj[name] !== 'function') return;
    const original = obj[name].bind(obj);
    obj[name] = (...args) => { const label = typeof labelOf === 'function' ? labelOf(args) : labelOf; return timed(label, (done) => {
      if (volumeOfArgs) stat(label).volume += volumeOfArgs(args);
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (...r) => { done(); return last(...r); };
        return original(...args);
      }
      const out = original(...args);
      if (out && typeof out.then === 'function') out.then(() => done(), () => done());
      else done();
      return out;
    }); };
  };
  const proto = IDBObjectStore.prototype;
  for (const name of ['get', 'put', 'delete', 'openCursor', 'getAll']) {
    const original = proto[name];
    proto[name] = function (...args) {
      const request = original.apply(this, args);
      timed('idb ' + name, (done) => {
        // Once: a cursor's request succeeds again at every step.
        request.addEventListener('success', () => done(request.result), { once: true });
        request.addEventListener('error', () => done(undefined), { once: true });
      }, name === 'getAll' ? (r) => (Array.isArray(r) ? r.length : 0) : undefined);
      return request;
    };
  }
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    const tx = transaction.apply(this, args);
    timed('idb transaction ' + (args[1] ?? 'readonly'), (done) => {
      tx.addEventListener('complete', () => done());
      tx.addEventListener('abort', () => done());
      tx.addEventListener('error', () => done());
    });
    return tx;
  };
  const fetch = g.fetch.bind(g);
  let inFlight = 0;
  g.fetch = (...args) => timed('fetch', (done) => {
    inFlight += 1;
    const most = stat('fetch in flight at once (most)');
    most.calls = Math.max(most.calls, inFlight);
    const p = fetch(...args);
    const end = () => { inFlight -= 1; done(); };
    p.then(end, end);
    return p;
  });
  const c = g.chrome;
  // By what is written: the link cache's records (links:*) apart from the small keys.
  const setLabel = (args) => 'storage.local.set ' + Object.keys(args[0] ?? {}).map((k) => (k.startsWith('links:') ? 'links:*' : k)).sort().join(', ');
  wrapApi(c.storage.local, 'set', setLabel, (args) => JSON.stringify(args[0]).length);
  wrapApi(c.storage.local, 'get', 'storage.local.get');
  wrapApi(c.alarms, 'create', 'alarms.create');
  wrapApi(c.alarms, 'clear', 'alarms.clear');
  wrapApi(c.action, 'setBadgeText', 'action.setBadgeText');
  wrapApi(c.action, 'setBadgeBackgroundColor', 'action.setBadgeBackgroundColor');
  wrapApi(c.notifications, 'create', 'notifications.create');
  wrapApi(c.offscreen, 'createDocument', 'offscreen.createDocument');
  wrapApi(c.offscreen, 'closeDocument', 'offscreen.closeDocument');
  wrapApi(c.offscreen, 'hasDocument', 'offscreen.hasDocument');
  wrapApi(c.runtime, 'sendMessage', 'runtime.sendMessage');
})()`;

/** Starts (or restarts from zero) the counts in `worker`. */
export async function instrument(worker: Worker): Promise<void> {
  await worker.evaluate(INSTRUMENT);
}

/** The counts so far; empty when the worker was replaced since `instrument`. */
export async function readCosts(worker: Worker): Promise<WorkerCosts> {
  return (await worker.evaluate('globalThis.__costs ?? {}')) as WorkerCosts;
}

/** One Markdown table row per API: calls and awaited ms, per item. */
export function costRows(costs: WorkerCosts, items: number): string[] {
  return Object.entries(costs)
    .filter(([, c]) => c.calls > 0)
    .sort(([, a], [, b]) => b.ms - a.ms)
    .map(([label, c]) => {
      const volume = c.volume > 0 ? (label.startsWith('storage') ? `${Math.round(c.volume / c.calls)} chars/call` : `${(c.volume / c.calls).toFixed(0)} records/call`) : '';
      return `| ${label} | ${c.calls} | ${(c.calls / items).toFixed(2)} | ${Math.round(c.ms)} | ${(c.ms / items).toFixed(1)} | ${volume} |`;
    });
}
