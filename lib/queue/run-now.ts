/**
 * Sending one item at once for a caller that waits for the result (the
 * popup's shorten), through the same handler as the replay: there is one
 * implementation of each operation. The item is written first and leased to
 * its caller, so a worker that dies mid-send leaves it for the replayer under
 * the same idempotency key.
 *
 * A caller that names what it asks (`joinKey`, ./join.ts) joins an item that
 * asks the same and is still to be done, instead of making a second one: the
 * send under way in this context (it gets that send's outcome), or the item
 * waiting in the store (it gets that item, queued). The lease is renewed while
 * the send runs, and the context's own list of items in flight keeps the
 * replayer off it meanwhile, so no item is sent twice at once.
 */
import type { ApiClient } from '../api/client';
import { retryDelay } from './backoff';
import type { Put } from './enqueue';
import { describeFailure, retryable } from './failure';
import { safely, type RunnerContext } from './runner-context';
import { joins } from './join';
import { isHeld } from './status';
import type { PayloadOf, QueueItemOf, QueueKind, QueueProfile, ResultOf, RunOutcome } from './types';

export interface RunNowOptions {
  /** Made when the user asked: a replay of this item must be the same request to the service. */
  idempotencyKey: string;
  /** The profile the caller read its settings from: the item is sent, now and on replay, with that profile. */
  profile?: QueueProfile;
  /** What is asked (./join.ts): an item asking the same that is still to be done is joined, not made again. */
  joinKey?: string;
}

/**
 * How long an item run by `runNow` belongs to its caller: well over the
 * client's 10 s timeout, well under the alarm's 30 s minimum period in a
 * packed extension plus one backoff step. Past it, the caller is taken to
 * have died mid-send and the replayer sends the item under the same key.
 */
export const RUN_NOW_LEASE_MS = 20_000;

/** While the send runs its lease is renewed this often, so a send longer than the lease (tags: two requests) keeps it. */
export const LEASE_RENEW_MS = 5_000;

export function createRunNow(ctx: RunnerContext, put: Put) {
  const { store, now, changed, deps, sending } = ctx;
  let bookkeeping: Promise<unknown> = Promise.resolve();

  /** Sends under way in this context, by join key: a request asking the same gets their outcome. */
  const joinable = new Map<string, Promise<RunOutcome<QueueKind>>>();
  /** Items whose send ended well, until their removal is written: nothing waits there to be joined. */
  const finishing = new Set<string>();
  /** From the look for an item to join to the write of a new one, one request at a time: two at once cannot miss each other. */
  let gate: Promise<unknown> = Promise.resolve();

  async function runNow<K extends QueueKind>(kind: K, payload: PayloadOf<K>, opts: RunNowOptions): Promise<RunOutcome<K>> {
    // The client first: a wrong setting must not leave an item behind that can never be sent.
    const client = await deps.getClient(opts.profile);
    const { joinKey } = opts;
    if (joinKey === undefined) return send(client, await hold(kind, payload, opts));
    const turn = gate.then(async (): Promise<{ waiting: QueueItemOf<K> } | { running: Promise<RunOutcome<K>> }> => {
      const running = joinable.get(joinKey) as Promise<RunOutcome<K>> | undefined;
      if (running !== undefined) return { running };
      const waiting = (await store.all()).find((item) => !finishing.has(item.id) && joins(item, joinKey));
      if (waiting !== undefined) return { waiting: waiting as QueueItemOf<K> };
      const held = await hold(kind, payload, opts);
      const mine = send(client, held);
      joinable.set(joinKey, mine as Promise<RunOutcome<QueueKind>>);
      // Once it has ended, a request for the same is a new one (a done item is being removed: ./finishing).
      const ended = () => {
        if (joinable.get(joinKey) === (mine as Promise<RunOutcome<QueueKind>>)) joinable.delete(joinKey);
      };
      void mine.then(ended, ended);
      return { running: mine };
    });
    gate = turn.catch(() => undefined);
    const step = await turn;
    if ('running' in step) return step.running;
    // Waiting in the queue: its state is this request's; it ends when the item does.
    return { status: 'queued', item: step.waiting, error: undefined, joined: true };
  }

  /** Written before it is sent: if the worker dies mid-request, the replayer finishes it under the same key. */
  function hold<K extends QueueKind>(kind: K, payload: PayloadOf<K>, opts: RunNowOptions): Promise<QueueItemOf<K>> {
    return put(kind, payload, {
      idempotencyKey: opts.idempotencyKey,
      leaseMs: RUN_NOW_LEASE_MS,
      profile: opts.profile,
      ...(opts.joinKey !== undefined ? { joinKey: opts.joinKey } : {}),
    });
  }

  async function send<K extends QueueKind>(client: ApiClient, held: QueueItemOf<K>): Promise<RunOutcome<K>> {
    let result: ResultOf<K>;
    sending.add(held.id);
    const renew = setInterval(() => {
      const until = now() + RUN_NOW_LEASE_MS;
      // Only while still held by this send: a write asked for after the send ended comes after this one.
      store
        .update(held.id, (c) => (c.heldUntil === undefined ? c : { ...c, heldUntil: until, nextAttemptAt: Math.max(c.nextAttemptAt, until) }))
        .catch((err: unknown) => console.error('offline queue lease renewal failed', err));
    }, LEASE_RENEW_MS);
    try {
      result = await ctx.perform(client, held);
    } catch (err) {
      clearInterval(renew);
      try {
        return await releaseAfterFailure(held, err);
      } finally {
        sending.delete(held.id);
      }
    }
    clearInterval(renew);
    finishing.add(held.id);
    // The caller is waiting for the result, not for the bookkeeping. onDone is
    // called first and synchronously, so the cache writes it asks for are queued
    // before the caller reads the cache again. Were the worker to die before the
    // item is removed, a replay under the same key gets the same answer.
    track(
      Promise.all([
        safely(() => deps.onDone?.(held, result, { ranNow: true })),
        // Still leased, it was never counted: the published status stays true without a rewrite.
        store.take(held.id).then(async (item) => (item && isHeld(item, now()) ? undefined : changed())),
      ]).finally(() => {
        sending.delete(held.id);
        finishing.delete(held.id);
      }),
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

  async function settled(): Promise<void> {
    await bookkeeping;
  }

  return {
    runNow,
    /** Resolves when the bookkeeping of every `runNow` already answered is written. */
    settled,
  };
}
