/**
 * One item of a replay pass: re-read it and count the attempt (one write,
 * before anything is sent), send it through its kind's handler under its own
 * idempotency key, then remove it after a final answer or record why it
 * waits. What the answer says about the profile's service (answered, out of
 * reach, asks us to wait, refused the token) goes to its ProfileRun, which
 * decides what the pass sends next.
 *
 * An item this context is already sending (`runNow` past its lease) is left
 * alone. An unknown outcome older than the service keeps its answers is not
 * sent blindly (./stale-outcome.ts).
 */
import type { ApiClient } from '../api/client';
import { UnauthorizedError, retryAfterOf } from '../api/errors';
import { backoffDelay, retryDelay } from './backoff';
import { describeFailure, rateLimited, retryable, unreachable } from './failure';
import { profileKey } from './lanes';
import type { ProfileRun, Release } from './profile-run';
import { safely, type RunnerContext } from './runner-context';
import { ASK_RESEND, DEFAULT_RETENTION_MS, findMadeLink, outcomeMayExist, pastRetention } from './stale-outcome';
import { isHeld } from './status';
import type { QueueItem, QueueItemOf, QueueKind, ReplayReport, ResultOf } from './types';

/**
 * The longest an item waits for a service that does not answer while the
 * browser is online: alarms (at most every 30 s in a packed extension) then
 * start the worker again, and its pass probes the service, so a service that
 * came back is noticed within about that even when the worker was stopped.
 */
export const UNREACHABLE_WAKE_MS = 30_000;

/** A 429 without Retry-After: the pause starts here and doubles with each 429 in a row (full jitter). */
const RATE_LIMIT_BASE_MS = 1_000;

export interface SendContext {
  ctx: RunnerContext;
  clientOf: (item: QueueItem) => Promise<ApiClient>;
  report: ReplayReport;
  /** What onDone and the other callbacks still do; the pass waits for them before it reports. */
  callbacks: Promise<void>[];
}

export async function sendItem(send: SendContext, run: ProfileRun, id: string): Promise<Release> {
  const { sending } = send.ctx;
  // Being sent by this context already (a `runNow` whose send outlived its lease): never twice at once.
  if (sending.has(id)) return 'next';
  sending.add(id);
  try {
    return await sendOnce(send, run, id);
  } finally {
    sending.delete(id);
  }
}

async function sendOnce({ ctx, clientOf, report, callbacks }: SendContext, run: ProfileRun, id: string): Promise<Release> {
  const { store, now, deps } = ctx;
  // Re-read: the user may have removed or retried it since the pass began. Count the attempt first.
  let item = await store.update(id, (current) =>
    isSendable(current, now()) ? { ...current, attempts: current.attempts + 1 } : current,
  );
  if (!item || !isSendable(item, now())) return 'next';

  let result: unknown;
  try {
    const client = await clientOf(item);
    if (outcomeMayExist(item, item.attempts - 1)) {
      const retention = (await deps.retentionMs?.(item.profile)) ?? DEFAULT_RETENTION_MS;
      if (pastRetention(item, now(), retention)) {
        const found = await findMadeLink(client, item).catch((err: unknown) => {
          if (retryable(err)) throw err;
          return 'unknown' as const;
        });
        if (found === null || found === 'unknown') return await askUser(ctx, run, item, report, callbacks);
        // Made: it goes on from there, as if the service had replayed its answer.
        const progress = found;
        item = (await store.update(id, (c) => ({ ...c, progress }) as QueueItem)) ?? { ...item, progress };
      }
    }
    result = await ctx.perform(client, item as QueueItemOf<QueueKind>);
  } catch (err) {
    return settleFailure(ctx, run, item, err, report, callbacks);
  }
  // An answer: the service is there, whatever an item in flight beside this one met.
  run.answered = true;
  run.downUntil = null;
  run.limitedInARow = 0;
  await store.remove(id);
  report.done += 1;
  ctx.publisher.touch();
  const done = item;
  callbacks.push(safely(() => deps.onDone?.(done, result as ResultOf<typeof done.kind>, { ranNow: false })));
  return 'next';
}

/** The list could not show the link was made, nor that it was not: the item stops until the user says. */
async function askUser(ctx: RunnerContext, run: ProfileRun, item: QueueItem, report: ReplayReport, callbacks: Promise<void>[]): Promise<Release> {
  run.answered = true;
  const lastError = { code: ASK_RESEND };
  const stopped = await ctx.store.update(item.id, (c) => ({ ...c, state: 'failed', lastError }));
  report.failed += 1;
  ctx.publisher.touch();
  if (stopped) callbacks.push(safely(() => ctx.deps.onFailed?.(stopped, lastError)));
  return 'next';
}

function isSendable(item: QueueItem, now: number): boolean {
  return item.state === 'pending' && item.nextAttemptAt <= now && !isHeld(item, now);
}

async function settleFailure(
  ctx: RunnerContext,
  run: ProfileRun,
  sent: QueueItem,
  err: unknown,
  report: ReplayReport,
  callbacks: Promise<void>[],
): Promise<Release> {
  const { store, now, deps } = ctx;
  const lastError = describeFailure(err);
  if (err instanceof UnauthorizedError) {
    run.answered = true;
    const first = !run.refused;
    run.refused = true;
    // Every other request of this profile would be refused too: wait for the user instead of burning attempts.
    const key = profileKey(sent);
    if (first) {
      await store.updateWhere((c) =>
        c.id === sent.id ? { ...c, state: 'paused', lastError } : c.state === 'pending' && profileKey(c) === key ? { ...c, state: 'paused' } : undefined,
      );
    } else {
      await store.update(sent.id, (c) => ({ ...c, state: 'paused', lastError }));
    }
    report.paused = true;
    ctx.publisher.touch();
    if (first) callbacks.push(safely(() => deps.onPaused?.(lastError)));
    return 'hold';
  }
  if (rateLimited(err)) {
    run.answered = true;
    run.limitedInARow += 1;
    const asked = retryAfterOf(err);
    const wait = Math.min(ctx.backoff.capMs, asked ?? backoffDelay(run.limitedInARow - 1, ctx.random, { baseMs: RATE_LIMIT_BASE_MS, capMs: ctx.backoff.capMs }));
    run.pausedUntil = Math.max(run.pausedUntil, now() + wait);
    // Written, so a worker stopped during the pause does not send it sooner.
    await store.update(sent.id, (c) => ({ ...c, nextAttemptAt: run.pausedUntil, lastError }));
    report.retried += 1;
    ctx.publisher.touch();
    return 'again';
  }
  if (retryable(err)) {
    const down = unreachable(err);
    let wait = retryDelay(err, sent.attempts - 1, ctx.random, ctx.backoff);
    if (down && ctx.online()) wait = Math.min(wait, UNREACHABLE_WAKE_MS);
    const nextAttemptAt = now() + wait;
    await store.update(sent.id, (c) => ({ ...c, nextAttemptAt, lastError }));
    report.retried += 1;
    if (down) {
      run.downUntil = Math.max(run.downUntil ?? 0, nextAttemptAt);
      run.unreachable.push(sent.id);
    } else {
      run.answered = true;
    }
    ctx.publisher.touch();
    return 'hold';
  }
  run.answered = true;
  const failed = await store.update(sent.id, (c) => ({ ...c, state: 'failed', lastError }));
  report.failed += 1;
  ctx.publisher.touch();
  if (failed) callbacks.push(safely(() => deps.onFailed?.(failed, lastError)));
  return 'next';
}
