/**
 * How the queue reads a failed send: retry it or not, stop the pass or not,
 * and what to record for the pages (a code, never the extension's English).
 */
import { ApiError, ServiceError, UnauthorizedError, isRetryable } from '../api/errors';
import { FinalFailure } from './handlers';
import type { QueueError } from './types';

export function retryable(err: unknown): boolean {
  // Not an answer from the service but a fault on our side (e.g. a bad base URL): keep the item and retry later.
  return isRetryable(err) || !(err instanceof ApiError || err instanceof FinalFailure);
}

export function unreachable(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'rate-limited');
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

/** A failure recorded before unknown outcomes were retried: its request may have been carried out. */
export function outcomeUnknown(error: QueueError | undefined): boolean {
  return error?.code === 'INVALID_RESPONSE';
}
