/**
 * The errors the API client throws. Each carries what a page needs to explain
 * itself (`kind`, `status`, `code`, a message a user can act on) and nothing
 * secret: the token never appears in a message (docs/design.md, Security).
 */

import { UNSAFE_SHORT_URL } from '../contract/short-url';

export type ApiErrorKind = 'service' | 'unauthorized' | 'rate-limited' | 'network' | 'timeout' | 'invalid-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status when the service answered; undefined when it never did. */
  readonly status: number | undefined;
  /** The service's error code (UPPER_SNAKE, lib/contract/error-codes.ts) or a client-side one. */
  readonly code: string | undefined;

  constructor(kind: ApiErrorKind, message: string, init: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.kind = kind;
    this.status = init.status;
    this.code = init.code;
  }
}

/**
 * An error answer from the service (the envelope's first entry), or a
 * non-envelope error answer (then `errors` is empty and `code` is HTTP_<status>).
 */
export class ServiceError extends ApiError {
  declare readonly status: number;
  declare readonly code: string;
  /** Every entry of the envelope, for pages that show more than the first; empty when the service gave none. */
  readonly errors: readonly { code: string; errorMessage: string }[];
  /** From a `Retry-After` header (e.g. on 503), when one came. */
  readonly retryAfterMs: number | null;

  constructor(
    status: number,
    code: string,
    message: string,
    init: { errors?: readonly { code: string; errorMessage: string }[]; retryAfterMs?: number | null } = {},
  ) {
    super('service', message, { status, code });
    this.errors = init.errors ?? [{ code, errorMessage: message }];
    this.retryAfterMs = init.retryAfterMs ?? null;
  }
}

/** 401: the token is missing, wrong or revoked. Only the user can fix it. */
export class UnauthorizedError extends ApiError {
  declare readonly status: number;
  /** What the service said, kept apart from the actionable message. */
  readonly serviceMessage: string | null;

  constructor(serviceMessage: string | null = null, message = 'The token was refused: check it in Options.') {
    super('unauthorized', message, { status: 401, code: 'UNAUTHORIZED' });
    this.serviceMessage = serviceMessage;
  }
}

/** 429: the service asks us to slow down, for `retryAfterMs` when it said so. */
export class RateLimitedError extends ApiError {
  declare readonly status: number;
  readonly retryAfterMs: number | null;

  constructor(retryAfterMs: number | null) {
    super(
      'rate-limited',
      retryAfterMs === null
        ? 'The service is busy (too many requests): try again in a moment.'
        : `The service is busy (too many requests): try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s.`,
      { status: 429, code: 'RATE_LIMITED' },
    );
    this.retryAfterMs = retryAfterMs;
  }
}

/** fetch itself failed: offline, DNS, refused connection, CORS or missing host permission. */
export class NetworkError extends ApiError {
  constructor(origin: string, cause?: unknown) {
    super(
      'network',
      `Could not reach the service at ${origin}: check your connection and the base URL in Options.`,
      { code: 'NETWORK_ERROR', cause },
    );
  }
}

export class TimeoutError extends ApiError {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super('timeout', `The service did not answer within ${formatSeconds(timeoutMs)}: try again later.`, {
      code: 'TIMEOUT',
    });
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The service answered, but the answer cannot be read: not the wire format,
 * not JSON (e.g. a proxy's HTML page), or cut off mid-body. `detail` names
 * what was wrong. Whether the request was carried out is unknown.
 */
export class InvalidResponseError extends ApiError {
  readonly detail: string;

  constructor(detail: string, status?: number) {
    super('invalid-response', `The service sent an answer this extension does not understand (${detail}).`, {
      status,
      code: 'INVALID_RESPONSE',
    });
    this.detail = detail;
  }
}

/**
 * The service said it made a link, but its short link is not a plain
 * http(s) address (lib/contract/short-url.ts): it is refused, and nothing is
 * written with it. Final: the same request, sent again under its
 * idempotency key, gets the same answer back.
 */
export class UnsafeShortUrlError extends ApiError {
  constructor(status?: number) {
    super('invalid-response', 'The service answered with a short link that is not a plain http(s) address.', { status, code: UNSAFE_SHORT_URL });
  }
}

/**
 * Worth sending again later: the request may not have reached the service, the
 * service asked for patience, or its answer could not be read, so whether it
 * was carried out is unknown (sent again under the same idempotency key, the
 * service replays its first answer instead of acting twice). Everything else
 * is a final answer.
 */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  switch (err.kind) {
    case 'network':
    case 'timeout':
    case 'rate-limited':
      return true;
    case 'invalid-response':
      return err.code !== UNSAFE_SHORT_URL;
    case 'service':
      return err.status === 408 || (err.status !== undefined && err.status >= 500);
    default:
      return false;
  }
}

/** Milliseconds the service asked us to wait, if it did. */
export function retryAfterOf(err: unknown): number | null {
  if (err instanceof RateLimitedError || err instanceof ServiceError) return err.retryAfterMs;
  return null;
}

/**
 * A plain, cloneable description of an error, for messages between pages and
 * the background. Pages put it in words with lib/i18n/describe-error.ts, from
 * `code` (and `values`); `message` is the service's own words for 'service'
 * errors, and for the others an English note for logs that no page shows.
 */
export interface ErrorInfo {
  kind: ApiErrorKind | 'invalid-input' | 'internal';
  code?: string;
  message: string;
  /** What the catalogue message for `code` is filled with, e.g. the offending tag. */
  values?: string[];
}

export function toErrorInfo(err: unknown): ErrorInfo {
  if (err instanceof ApiError) {
    return err.code === undefined ? { kind: err.kind, message: err.message } : { kind: err.kind, code: err.code, message: err.message };
  }
  // A bug, not a service answer: say so plainly rather than echo internals.
  return { kind: 'internal', code: 'INTERNAL', message: 'Something went wrong inside the extension: try again.' };
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
