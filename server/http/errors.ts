import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import { ERROR_CODES, type ErrorCode } from '../../lib/contract/error-codes';
import type { ErrorBody } from '../../lib/contract/schemas';
import type { Logger } from '../ops/logger';

/**
 * An error a client should see: its code fixes the HTTP status (lib/contract/error-codes.ts).
 * Thrown where the problem is found, turned into the envelope by `onError`.
 * Messages are shown to users: never put a token or another workspace's data in one.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  /** Extra response headers, e.g. `Retry-After` on RATE_LIMITED. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CODES[code];
    this.headers = headers;
  }
}

export function errorBody(code: ErrorCode, errorMessage: string): ErrorBody {
  return { status: false, errors: [{ code, errorMessage }] };
}

export function errorResponse(c: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(errorBody(error.code, error.message), error.status);
}

/** Every failure becomes the envelope; an unexpected one is logged (name and message only) and hidden. */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    // Hono's own guards (e.g. a malformed request it rejects before our code runs).
    const code: ErrorCode = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED';
    return errorResponse(c, new ApiError(code, err.status === 413 ? 'The request body is too large' : 'The request is invalid'));
  }
  // The stack and request stay on the server; request bodies and headers (tokens) are never logged.
  const log = c.var.log as Logger | undefined;
  if (log) log.error({ err: { name: err.name, message: err.message } }, `${c.req.method} ${c.req.path} failed`);
  else console.error(`[api] ${c.req.method} ${c.req.path} failed: ${err.name}: ${err.message}`);
  return errorResponse(c, new ApiError('INTERNAL_ERROR', 'The service failed to handle this request; try again later'));
};

export const notFound: NotFoundHandler = (c) =>
  errorResponse(c, new ApiError('ROUTE_NOT_FOUND', `No operation ${c.req.method} ${c.req.path}`));
