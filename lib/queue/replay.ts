/**
 * The replay loop: passes over the due items, oldest first, holding the Web
 * Lock so one context replays at a time; a replay asked for while one runs in
 * this context gets one more pass, not a second runner. Each item is re-read
 * and its attempt counted before it is sent, and removed only after a final
 * answer; a failure decides the item's fate and whether the pass goes on for
 * its profile.
 */
import type { ApiClient } from '../api/client';
import { UnauthorizedError } from '../api/errors';
import { retryDelay } from './backoff';
import { describeFailure, retryable, unreachable } from './failure';
import { withReplayLock } from './lock';
import { safely, type RunnerContext } from './runner-context';
import type { QueueItem, QueueItemOf, QueueKind, ReplayReport, ResultOf } from './types';

type ClientOf = (item: QueueItem) => Promise<ApiClient>;

export function createReplay(ctx: RunnerContext): () => Promise<ReplayReport> {
  const { store, now, changed, deps } = ctx;
  let running: Promise<ReplayReport> | null = null;
  let again = false;

  /** Sends one item; returns whether the pass should go on with this item's profile. */
  async function send(clientOf: ClientOf, id: string, report: ReplayReport): Promise<'next' | 'stop'> {
    // Re-read: the user may have removed or retried it since the pass began. Count the attempt first.
    const item = await store.update(id, (current) =>
      current.state === 'pending' && current.nextAttemptAt <= now() ? { ...current, attempts: current.attempts + 1 } : current,
    );
    if (!item || item.state !== 'pending' || item.nextAttemptAt > now()) return 'next';

    let result: unknown;
    try {
      result = await ctx.perform(await clientOf(item), item as QueueItemOf<QueueKind>);
    } catch (err) {
      return settleFailure(item, err, report);
    }
    await store.remove(id);
    report.done += 1;
    await changed();
    await safely(() => deps.onDone?.(item, result as ResultOf<typeof item.kind>, { ranNow: false }));
    return 'next';
  }

  async function settleFailure(sent: QueueItem, err: unknown, report: ReplayReport): Promise<'next' | 'stop'> {
    const { id, attempts } = sent;
    const lastError = describeFailure(err);
    // A refused token or an unreachable service says nothing about another profile's service.
    const sameProfile = (other: QueueItem) => profileKey(other) === profileKey(sent);
    if (err instanceof UnauthorizedError) {
      // Every other request of this profile would be refused too: wait for the user instead of burning attempts.
      for (const item of await store.all()) {
        if (item.state === 'pending' && sameProfile(item)) {
          await store.update(item.id, (c) => ({ ...c, state: 'paused', ...(c.id === id ? { lastError } : {}) }));
        }
      }
      report.paused = true;
      await changed();
      await safely(() => deps.onPaused?.(lastError));
      return 'stop';
    }
    if (retryable(err)) {
      const nextAttemptAt = now() + retryDelay(err, attempts - 1, ctx.random, ctx.backoff);
      await store.update(id, (c) => ({ ...c, nextAttemptAt, lastError }));
      report.retried += 1;
      if (unreachable(err)) {
        // The service is out of reach (or asks us to wait): the rest would fail the same way.
        // Keep creation order by making the others due no sooner than this one.
        for (const other of await store.all()) {
          if (other.state === 'pending' && other.id !== id && sameProfile(other) && other.nextAttemptAt < nextAttemptAt) {
            await store.update(other.id, (c) => ({ ...c, nextAttemptAt: Math.max(c.nextAttemptAt, nextAttemptAt) }));
          }
        }
        await changed();
        return 'stop';
      }
      await changed();
      return 'next';
    }
    const failed = await store.update(id, (c) => ({ ...c, state: 'failed', lastError }));
    report.failed += 1;
    await changed();
    if (failed) await safely(() => deps.onFailed?.(failed, lastError));
    return 'next';
  }

  async function pass(report: ReplayReport): Promise<void> {
    const due = (await store.all()).filter((i) => i.state === 'pending' && i.nextAttemptAt <= now());
    // One client per profile per pass; a profile whose service stopped the pass is skipped, the others go on.
    const clients = new Map<string, Promise<ApiClient>>();
    const stopped = new Set<string>();
    const clientOf: ClientOf = (item) => {
      const key = profileKey(item);
      let client = clients.get(key);
      if (client === undefined) {
        client = Promise.resolve().then(() => deps.getClient(item.profile));
        clients.set(key, client);
      }
      return client;
    };
    for (const item of due) {
      if (stopped.has(profileKey(item))) continue;
      if ((await send(clientOf, item.id, report)) === 'stop') stopped.add(profileKey(item));
    }
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
    const status = await changed();
    return { ...report, remaining: status.pending + status.paused, nextAttemptAt: status.nextAttemptAt };
  }

  return function replay() {
    if (running) {
      // A replay is under way in this context: ask it for one more pass rather than run a second one.
      again = true;
      return running;
    }
    running = runLocked().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * Which profile and address an item belongs to, for grouping; '' for items
 * from before profiles (the active one). The address too: items of one
 * profile made before and after it was pointed elsewhere go to different
 * places (or, the older ones, nowhere), so they never share a client.
 */
function profileKey(item: QueueItem): string {
  return item.profile === undefined ? '' : `${item.profile.id} ${item.profile.baseUrl}`;
}
