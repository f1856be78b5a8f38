/**
 * Sending one item at once for a caller that waits for the result (the
 * popup's shorten), through the same handler as the replay: there is one
 * implementation of each operation. The item is written first and leased to
 * its caller, so a worker that dies mid-send leaves it for the replayer under
 * the same idempotency key.
 */
import { retryDelay } from './backoff';
import type { Put } from './enqueue';
import { describeFailure, retryable } from './failure';
import { safely, type RunnerContext } from './runner-context';
import { isHeld } from './status';
import type { PayloadOf, QueueItemOf, QueueKind, QueueProfile, ResultOf, RunOutcome } from './types';

export interface RunNowOptions {
  /** Made when the user asked: a replay of this item must be the same request to the service. */
  idempotencyKey: string;
  /** The profile the caller read its settings from: the item is sent, now and on replay, with that profile. */
  profile?: QueueProfile;
}

/**
 * How long an item run by `runNow` belongs to its caller: well over the
 * client's 10 s timeout, well under the alarm's 30 s minimum period in a
 * packed extension plus one backoff step. Past it, the caller is taken to
 * have died mid-send and the replayer sends the item under the same key.
 */
const RUN_NOW_LEASE_MS = 20_000;

export function createRunNow(ctx: RunnerContext, put: Put) {
  const { store, now, changed, deps } = ctx;
  let bookkeeping: Promise<unknown> = Promise.resolve();

  async function runNow<K extends QueueKind>(kind: K, payload: PayloadOf<K>, opts: RunNowOptions): Promise<RunOutcome<K>> {
    // The client first: a wrong setting must not leave an item behind that can never be sent.
    const client = await deps.getClient(opts.profile);
    // Written before it is sent: if the worker dies mid-request, the replayer finishes it under the same key.
    const held = await put(kind, payload, { idempotencyKey: opts.idempotencyKey, leaseMs: RUN_NOW_LEASE_MS, profile: opts.profile });
    let result: ResultOf<K>;
    try {
      result = await ctx.perform(client, held);
    } catch (err) {
      return releaseAfterFailure(held, err);
    }
    // The caller is waiting for the result, not for the bookkeeping. onDone is
    // called first and synchronously, so the cache writes it asks for are queued
    // before the caller reads the cache again. Were the worker to die before the
    // item is removed, a replay under the same key gets the same answer.
    track(
      Promise.all([
        safely(() => deps.onDone?.(held, result, { ranNow: true })),
        // Still leased, it was never counted: the published status stays true without a rewrite.
        store.take(held.id).then(async (item) => (item && isHeld(item, now()) ? undefined : changed())),
      ]),
    );
    return { status: 'done', item: held, result };
  }

  async function releaseAfterFailure<K extends QueueKind>(held: QueueItemOf<K>, err: unknown): Promise<RunOutcome<K>> {
    // Read back: a step that finished (the link exists) saved its progress.
    const current = (await store.get(held.id)) as QueueItemOf<K> | undefined;
    const item = current ?? held;
    if (!retryable(err)) {
      // A final answer goes to the caller, who shows it; it is not queued.
      const taken = await store.take(held.id);
      // Still leased, it was never counted: the published status stays true without a rewrite.
      if (taken && !isHeld(taken, now())) await changed();
      return { status: 'refused', item, error: err };
    }
    const lastError = describeFailure(err);
    const released = await store.update(held.id, ({ heldUntil: _released, ...c }) => ({
      ...c,
      nextAttemptAt: now() + retryDelay(err, Math.max(0, c.attempts - 1), ctx.random, ctx.backoff),
      lastError,
    }));
    await changed();
    // Removed by the user meanwhile: nothing waits, so it is no longer queued.
    if (!released) return { status: 'refused', item, error: err };
    return { status: 'queued', item: released as QueueItemOf<K>, error: err };
  }

  function track(work: Promise<unknown>): void {
    bookkeeping = Promise.all([bookkeeping, work.catch((err: unknown) => console.error('offline queue bookkeeping failed', err))]);
  }

  return {
    runNow,
    /** Resolves when the bookkeeping of every `runNow` already answered is written. */
    async settled(): Promise<void> {
      await bookkeeping;
    },
  };
}
