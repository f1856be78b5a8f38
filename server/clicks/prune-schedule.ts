/**
 * Raw-click retention (`--click-retention DAYS`): raw clicks older than the
 * cutoff are deleted in the background, a small batch at a time with a pause
 * between batches, so the click writer (and on SQLite the API's writes) wait
 * for at most one batch. Rollups are never pruned, so analytics answers stay
 * the same when raw clicks age out. One pass runs per day's cutoff; on
 * PostgreSQL only the instance that claims it (click_pruning, an UPDATE only
 * one instance can win) runs it.
 *
 * The same passes move the raw clicks stored before compact rows out of
 * their old table (legacy-clicks.ts), batch by batch, before pruning: they
 * run while it exists whatever the retention (0 moves and prunes nothing),
 * and a pass that stops (the service stopping) is taken up by the next.
 */

import { NO_CUTOFF } from '../db/legacy-clicks';
import type { PruneResult } from './recorder-port';

const DAY_MS = 86_400_000;
/** A claim not renewed for this long is taken to be dead (its instance stopped mid-pass). */
export const CLAIM_TTL_MS = 10 * 60 * 1000;
/** A pass renews its claim at least this often. */
const RENEW_EVERY_MS = 60 * 1000;

/** The first instant kept: UTC midnight `days` days before today's, so pruning works to the day. */
export function retentionCutoff(nowMs: number, days: number): number {
  return Math.floor(nowMs / DAY_MS) * DAY_MS - days * DAY_MS;
}

/** One database's pruning (prune-sqlite.ts, prune-postgres.ts); a pruner keeps its place between steps. */
export interface ClickPruner {
  /** Whether raw clicks of the old shape wait to be moved (legacy-clicks.ts). */
  moving(): Promise<boolean>;
  /**
   * Takes the pass for `cutoffMs` (NO_CUTOFF: moving only): false when it is done already (and
   * nothing is `moving`) or another live claim holds it.
   */
  claim(nowMs: number, cutoffMs: number, moving: boolean): Promise<boolean>;
  /** Keeps the claim alive during a long pass. */
  renew(nowMs: number): Promise<void>;
  /**
   * Moves a batch of about `limit` old-shape clicks while any are left, then deletes at most about
   * `limit` raw clicks before `cutoffMs`; `done` once neither is left.
   */
  step(cutoffMs: number, limit: number): Promise<{ deleted: number; moved?: number; done: boolean }>;
  /** Records that no raw click before `cutoffMs` is left, and gives the claim back. */
  finish(cutoffMs: number): Promise<void>;
}

export interface PruneOptions {
  /** 0 keeps raw clicks forever. */
  retentionDays: number;
  /** Raw clicks per batch (one short transaction each). */
  batchSize?: number;
  /** Wait between batches, so other writers get the database. */
  pauseMs?: number;
}


export const DEFAULT_PRUNE_BATCH = 1000;
export const DEFAULT_PRUNE_PAUSE_MS = 20;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One pass: claim, delete batch by batch until none is left (or `stopped()`), record the cutoff reached. */
export async function runPrunePass(pruner: ClickPruner, opts: PruneOptions, nowMs: number, stopped: () => boolean = () => false): Promise<PruneResult> {
  const started = Date.now();
  const pruning = opts.retentionDays > 0;
  const cutoffMs = pruning ? retentionCutoff(nowMs, opts.retentionDays) : NO_CUTOFF;
  const result: PruneResult = { ran: false, cutoffMs, deleted: 0, moved: 0, batches: 0, ms: 0 };
  const moving = await pruner.moving();
  if ((!pruning && !moving) || !(await pruner.claim(nowMs, cutoffMs, moving))) return result;
  result.ran = true;
  const batchSize = opts.batchSize ?? DEFAULT_PRUNE_BATCH;
  const pauseMs = opts.pauseMs ?? DEFAULT_PRUNE_PAUSE_MS;
  let renewedAt = Date.now();
  while (!stopped()) {
    const { deleted, moved = 0, done } = await pruner.step(cutoffMs, batchSize);
    result.deleted += deleted;
    result.moved += moved;
    if (deleted > 0 || moved > 0) result.batches += 1;
    if (done) {
      if (!stopped()) await pruner.finish(cutoffMs);
      break;
    }
    if (Date.now() - renewedAt > RENEW_EVERY_MS) {
      await pruner.renew(Date.now());
      renewedAt = Date.now();
    }
    if (deleted > 0 || moved > 0) await sleep(pauseMs);
  }
  result.ms = Date.now() - started;
  return result;
}

export interface PruneSchedule {
  /** A pass now (tests, the bench); waits for a pass already under way first. */
  runNow(nowMs?: number): Promise<PruneResult>;
  /** Stops the timer and the pass under way (after its current batch). */
  close(): Promise<void>;
}

/**
 * Passes on a timer: the first `firstDelayMs` after start (a restart loop
 * does not prune at every start), then every `everyMs`. A pass finds nothing
 * to do until the next UTC day moves the cutoff; a failed pass is logged and
 * tried again at the next tick.
 */
export function createPruneSchedule(
  pruner: ClickPruner,
  opts: PruneOptions & { firstDelayMs?: number; everyMs?: number; log: (message: string) => void },
): PruneSchedule {
  let closed = false;
  let running: Promise<PruneResult> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function pass(nowMs: number): Promise<PruneResult> {
    while (running) await running.catch(() => undefined);
    const attempt = runPrunePass(pruner, opts, nowMs, () => closed);
    running = attempt;
    try {
      return await attempt;
    } finally {
      if (running === attempt) running = null;
    }
  }

  function tick(): void {
    timer = undefined;
    if (closed) return;
    pass(Date.now()).then(
      (result) => {
        if (result.moved > 0) opts.log(`click retention: ${result.moved} raw clicks stored before compact rows moved to them in ${result.ms} ms`);
        if (result.deleted > 0) opts.log(`click retention: ${result.deleted} raw clicks before ${new Date(result.cutoffMs).toISOString()} pruned in ${result.ms} ms`);
      },
      (error: unknown) => opts.log(`click retention: pruning failed, will try again: ${String(error)}`),
    ).finally(() => {
      if (!closed) schedule(opts.everyMs ?? 60 * 60 * 1000);
    });
  }

  function schedule(ms: number): void {
    timer = setTimeout(tick, ms);
    // The timer alone must not keep a finished process alive.
    timer.unref();
  }

  // Also with retention 0: a pass moves old-shape clicks while there are any (one cheap look an hour after).
  schedule(opts.firstDelayMs ?? 60 * 1000);
  return {
    runNow: (nowMs = Date.now()) => pass(nowMs),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
