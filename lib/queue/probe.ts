/**
 * Noticing that a service is back when nothing else says so: only the
 * service was down, so no `online` event comes. While a profile's items wait
 * because its service could not be reached, the running worker asks that
 * service something cheap every few seconds (its tag list: one small read,
 * nothing written); the first answer of any kind, even a refusal, makes the
 * profile's waiting items due (one transaction) and starts a replay.
 *
 * A probe loop lives only as long as the worker: MV3 may stop it. The items'
 * wait is then at most UNREACHABLE_WAKE_MS (./send-item.ts), so the replay
 * alarm starts the worker again, and its first pass probes again. A loop
 * ends when the profile's service answers a pass, or when the items it
 * watches are gone or were sent.
 */
import { profileKey } from './lanes';
import type { ProfileWork } from './pass-plan';
import type { RunnerContext } from './runner-context';
import { isHeld } from './status';
import { unreachable } from './failure';

/** Waits before each probe: soon at first, then every 3 s (the last repeats). */
export const PROBE_DELAYS_MS: readonly number[] = [1_000, 2_000, 3_000];

export interface Prober {
  /** Probes `work`'s service while any of `watch` (item ids) still waits; one loop per profile. */
  start(work: ProfileWork, watch: readonly string[]): void;
  /** The service answered a pass: its loop has nothing left to find out. */
  stop(key: string): void;
}

export function createProber(ctx: RunnerContext, onBack: () => void): Prober {
  const loops = new Map<string, { stopped: boolean; watch: string[] }>();
  const delays = ctx.deps.probeDelaysMs ?? PROBE_DELAYS_MS;

  /** Whether any watched item still waits to be sent. One read of each, not of the queue. */
  async function stillWaiting(watch: readonly string[]): Promise<boolean> {
    for (const id of watch) {
      const item = await ctx.store.get(id);
      if (item?.state === 'pending') return true;
    }
    return false;
  }

  async function answers(work: ProfileWork): Promise<boolean> {
    try {
      const client = await ctx.deps.getClient(work.profile);
      await client.listTags(work.workspaceId);
      return true;
    } catch (err) {
      // A refusal is an answer too: the replay will meet it and say so.
      return !unreachable(err);
    }
  }

  async function makeDue(key: string): Promise<void> {
    const at = ctx.now();
    await ctx.store.updateWhere((item) =>
      item.state === 'pending' && profileKey(item) === key && item.nextAttemptAt > at && !isHeld(item, at) ? { ...item, nextAttemptAt: at } : undefined,
    );
    ctx.publisher.touch();
  }

  async function loop(work: ProfileWork, state: { stopped: boolean; watch: string[] }): Promise<void> {
    for (let round = 0; ; round += 1) {
      await ctx.sleep(delays[Math.min(round, delays.length - 1)]!);
      if (state.stopped || !(await stillWaiting(state.watch))) return;
      // Offline, the `online` event says when to send; a probe could only fail.
      if (!ctx.online()) continue;
      if (await answers(work)) {
        if (state.stopped) return;
        await makeDue(work.key);
        onBack();
        return;
      }
    }
  }

  return {
    start(work, watch) {
      if (delays.length === 0 || watch.length === 0 || loops.has(work.key)) return;
      const state = { stopped: false, watch: watch.slice(0, 3) };
      loops.set(work.key, state);
      loop(work, state)
        .catch((err: unknown) => console.error('offline queue probe failed', err))
        .finally(() => {
          if (loops.get(work.key) === state) loops.delete(work.key);
        });
    },
    stop(key) {
      const state = loops.get(key);
      if (state === undefined) return;
      state.stopped = true;
      loops.delete(key);
    },
  };
}
