/**
 * How the queue reads a failed send: retry it or not, stop the pass or not,
 * and what to record for the pages (a code, never the extension's English).
 */
import { ApiError, RateLimitedError, ServiceError, UnauthorizedError, isRetryable } from '../api/errors';
import { FinalFailure } from './handlers';
import { ASK_RESEND } from './stale-outcome';
import type { QueueError } from './types';

export function retryable(err: unknown): boolean {
  // Not an answer from the service but a fault on our side (e.g. a bad base URL): keep the item and retry later.
  return isRetryable(err) || !(err instanceof ApiError || err instanceof FinalFailure);
}

/** A gateway's answers for a service behind it that is down or restarting (RFC 9110, 15.6.3-5). */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/**
 * The service is not there: no answer at all, or its gateway's "down"
 * answer. Not a fault of this item: every item of the profile would meet it.
 */
export function unreachable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.kind === 'network' || err.kind === 'timeout' || (err.kind === 'service' && GATEWAY_DOWN.has(err.status ?? 0));
}

/** A 429: the service's limit is per token, so the whole profile must wait, not only this item. */
export function rateLimited(err: unknown): err is RateLimitedError {
  return err instanceof RateLimitedError;
}

/** The codes `describeFailure` records for `unreachable` failures, to know after a restart what an item waits for. */
const UNREACHABLE_CODES = new Set(['NETWORK_ERROR', 'TIMEOUT', ...[...GATEWAY_DOWN].map((status) => `HTTP_${status}`)]);

/** An item last failed because its service could not be reached (as stored, so it holds across a worker restart). */
export function waitsForService(error: QueueError | undefined): boolean {
  return error !== undefined && UNREACHABLE_CODES.has(error.code);
}

/**
 * A code for the catalogue (lib/i18n/describe-error.ts), plus the service's own
 * words when it gave some: the extension's English never reaches a page.
 */
export function describeFailure(err: unknown): QueueError {
  if (err instanceof FinalFailure) return err.values.length > 0 ? { code: err.code, values: [...err.values] } : { code: err.code };
  if (err instanceof ServiceError || err instanceof UnauthorizedError) {
    const words = err instanceof ServiceError ? err.errors[0]?.errorMessage : err.serviceMessage;
    const code = err.code ?? err.name;
    return words ? { code, message: words } : { code };
  }
  if (err instanceof ApiError) return { code: err.code ?? err.name };
  return { code: 'INTERNAL' };
}

/**
 * Its request may have been carried out: an unreadable answer (recorded so
 * before unknown outcomes were retried), or an old one the user is asked about
 * (./stale-outcome.ts).
 */
export function outcomeUnknown(error: QueueError | undefined): boolean {
  return error?.code === 'INVALID_RESPONSE' || error?.code === ASK_RESEND;
}
