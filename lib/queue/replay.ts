/**
 * The replay loop: passes over the due items holding the Web Lock, so one
 * context replays at a time; a replay asked for while one runs in this
 * context gets one more pass, not a second runner.
 *
 * A pass reads the store once (./pass-plan.ts) and keeps up to
 * MAX_IN_FLIGHT items in flight, taking turns between profiles; within a
 * profile, items of one lane go one after the other (./lanes.ts) and the
 * service's answers decide the pace (./profile-run.ts): one item until it
 * answers, all of them after; a 429 pauses that profile alone; a service out
 * of reach ends its pass, its items wait, and a probe watches for its return
 * (./probe.ts). Each item is persisted before it is sent and removed only
 * after a final answer (./send-item.ts), so a worker stopped mid-pass
 * leaves every unfinished item to the next pass, under the same key.
 */
import type { ApiClient } from '../api/client';
import { withReplayLock } from './lock';
import { profileKey } from './lanes';
import { planPass } from './pass-plan';
import { createProber, type Prober } from './probe';
import { ProfileRun } from './profile-run';
import type { RunnerContext } from './runner-context';
import { sendItem, type SendContext } from './send-item';
import { isHeld } from './status';
import type { QueueItem, ReplayReport } from './types';

/**
 * Items in flight at once, across profiles: browsers open at most 6
 * connections to one HTTP/1.1 host, so a 7th request would only wait for a
 * socket, with its client timeout already running.
 */
export const MAX_IN_FLIGHT = 6;

/** A 429 pause a pass waits out itself; after a longer one the alarm brings the items back. */
export const MAX_PAUSE_IN_PASS_MS = 20_000;

export function createReplay(ctx: RunnerContext): () => Promise<ReplayReport> {
  const { store, now } = ctx;
  let running: Promise<ReplayReport> | null = null;
  let again = false;
  const prober: Prober = createProber(ctx, () => {
    replay().catch((err: unknown) => console.error('offline queue replay failed', err));
  });

  /** Sends items until none may go now, waiting out short pauses. Rejects with the first error, once nothing is in flight. */
  function drive(runs: ProfileRun[], send: SendContext): Promise<void> {
    return new Promise((resolve, reject) => {
      let inFlight = 0;
      let turn = 0;
      let waking = false;
      let failure: { error: unknown } | null = null;

      const pick = (at: number): [ProfileRun, QueueItem] | null => {
        for (let k = 0; k < runs.length; k += 1) {
          const run = runs[(turn + k) % runs.length]!;
          if (!run.open(at)) continue;
          const item = run.take();
          if (item === undefined) continue;
          turn = (turn + k + 1) % runs.length;
          return [run, item];
        }
        return null;
      };

      const pump = (): void => {
        const at = now();
        while (failure === null && inFlight < MAX_IN_FLIGHT) {
          const picked = pick(at);
          if (picked === null) break;
          const [run, item] = picked;
          inFlight += 1;
          run.inFlight += 1;
          sendItem(send, run, item.id)
            .then(
              (how) => {
                run.release(item, how);
                // Its service answers: a probe still waiting for it has nothing left to find out.
                if (run.answered && run.downUntil === null) prober.stop(run.work.key);
              },
              (error: unknown) => {
                run.release(item, 'hold');
                failure ??= { error };
              },
            )
            .finally(() => {
              inFlight -= 1;
              run.inFlight -= 1;
              pump();
            });
        }
        const wake = failure === null ? nextWake(runs, at) : null;
        if (wake !== null && !waking) {
          waking = true;
          void ctx.sleep(wake - at).then(() => {
            waking = false;
            pump();
          });
        }
        if (inFlight === 0 && !waking) {
          if (failure === null) resolve();
          else reject(failure.error);
        }
      };
      pump();
    });
  }

  async function pass(report: ReplayReport): Promise<void> {
    const plan = planPass(await store.all(), now());
    const runs = [...plan.values()].filter((work) => work.due.length > 0).map((work) => new ProfileRun(work));
    // Nothing due, only because the service could not be reached: find out when it is back.
    for (const work of plan.values()) if (work.due.length === 0) prober.start(work, work.waitingForService);

    // One client per profile per pass; one that cannot be made refuses that profile's items.
    const clients = new Map<string, Promise<ApiClient>>();
    const clientOf = (item: QueueItem): Promise<ApiClient> => {
      const key = profileKey(item);
      let client = clients.get(key);
      if (client === undefined) {
        client = Promise.resolve().then(() => ctx.deps.getClient(item.profile));
        clients.set(key, client);
      }
      return client;
    };
    const send: SendContext = { ctx, clientOf, report, callbacks: [] };
    try {
      await drive(runs, send);
    } finally {
      await Promise.all(send.callbacks);
    }
    for (const run of runs) await afterRun(run);
  }

  /** A profile whose pass ended early: its items wait (one write for all), and a probe watches a service out of reach. */
  async function afterRun(run: ProfileRun): Promise<void> {
    const { key } = run.work;
    const until = run.downUntil ?? (run.left() && !run.refused && run.pausedUntil > now() ? run.pausedUntil : null);
    if (until === null) return;
    // The others wait as long as the one that met the outage, so none overtakes it and the alarm is set right.
    const at = now();
    await store.updateWhere((item) =>
      item.state === 'pending' && profileKey(item) === key && item.nextAttemptAt < until && !isHeld(item, at) ? { ...item, nextAttemptAt: until } : undefined,
    );
    ctx.publisher.touch();
    if (run.downUntil !== null) prober.start(run.work, run.unreachable);
  }

  async function runLocked(): Promise<ReplayReport> {
    const report: ReplayReport = { skipped: false, done: 0, retried: 0, failed: 0, paused: false, remaining: 0, nextAttemptAt: null };
    return withReplayLock(
      ctx.locks,
      async () => {
        for (;;) {
          again = false;
          await pass(report);
          const final = await finish(report);
          // Checked last, so a replay asked for even during finish() gets its pass.
          if (!again || report.paused) return final;
        }
      },
      () => ({ ...report, skipped: true }),
    );
  }

  async function finish(report: ReplayReport): Promise<ReplayReport> {
    const status = await ctx.changed();
    return { ...report, remaining: status.pending + status.paused, nextAttemptAt: status.nextAttemptAt };
  }

  function replay(): Promise<ReplayReport> {
    if (running) {
      // A replay is under way in this context: ask it for one more pass rather than run a second one.
      again = true;
      return running;
    }
    running = runLocked().finally(() => {
      running = null;
    });
    return running;
  }
  return replay;
}

/** When the earliest short pause of a profile with work left ends; null when no pass work waits for one. */
function nextWake(runs: readonly ProfileRun[], at: number): number | null {
  let wake: number | null = null;
  for (const run of runs) {
    if (run.refused || run.downUntil !== null || !run.left()) continue;
    if (run.pausedUntil <= at || run.pausedUntil - at > MAX_PAUSE_IN_PASS_MS) continue;
    wake = wake === null ? run.pausedUntil : Math.min(wake, run.pausedUntil);
  }
  return wake;
}
