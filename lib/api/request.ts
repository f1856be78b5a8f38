import * as v from 'valibot';
import { ErrorBodySchema } from '../contract/schemas';
import {
  type ApiError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnauthorizedError,
} from './errors';
import { describeInvalid } from './describe-invalid';
import { parseRetryAfter } from './retry-after';
import { IDEMPOTENCY_RETENTION_HEADER, parseRetention } from './idempotency-retention';

export interface RequestSpec<TSchema extends v.GenericSchema> {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  body?: unknown;
  idempotencyKey?: string;
  schema: TSchema;
}

export interface Transport {
  fetch: typeof fetch;
  getToken: () => string | Promise<string>;
  timeoutMs: number;
  /** The service said how long it keeps answers for idempotency keys (seconds), on an answer to a keyed request. */
  onRetention?: (seconds: number) => void;
}

/**
 * Sends one request and returns the validated answer, or throws an ApiError.
 * The timeout covers reading the body too: a service that sends headers and
 * then stalls must not hold the service worker past its 30 s limit.
 */
export async function request<TSchema extends v.GenericSchema>(
  transport: Transport,
  spec: RequestSpec<TSchema>,
): Promise<v.InferOutput<TSchema>> {
  const token = (await transport.getToken()).trim();
  // No request without a token: the answer would be a 401 anyway.
  if (token === '') throw new UnauthorizedError(null, 'No token is set: add it in Options.');

  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
  if (spec.idempotencyKey !== undefined) headers['Idempotency-Key'] = spec.idempotencyKey;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, transport.timeoutMs);

  let status: number | undefined;
  let text: string;
  let retryAfter: string | null = null;
  try {
    const response = await transport.fetch(spec.url, {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: controller.signal,
      // Never send the browser's cookies for the service's origin: the token is the only credential.
      credentials: 'omit',
    });
    status = response.status;
    retryAfter = response.headers.get('Retry-After');
    if (spec.idempotencyKey !== undefined && transport.onRetention !== undefined) {
      const retention = parseRetention(response.headers.get(IDEMPOTENCY_RETENTION_HEADER));
      if (retention !== null) transport.onRetention(retention);
    }
    text = await response.text();
  } catch (err) {
    if (timedOut) throw new TimeoutError(transport.timeoutMs);
    // The service answered, then the body broke off: it may well have done what was asked.
    if (status !== undefined) throw new InvalidResponseError('the answer was cut off', status);
    throw new NetworkError(originOf(spec.url), err);
  } finally {
    clearTimeout(timer);
  }

  const json = parseJson(text);
  if (status < 200 || status >= 300) throw errorFromAnswer(status, json, retryAfter, token);
  if (json === undefined) throw new InvalidResponseError('the body is not JSON', status);

  const parsed = v.safeParse(spec.schema, json);
  if (parsed.success) return parsed.output;
  // A 200 carrying the error envelope is still an error answer.
  const asError = v.safeParse(ErrorBodySchema, json);
  if (asError.success && !asError.output.status) throw errorFromAnswer(status, json, retryAfter, token);
  throw new InvalidResponseError(describeInvalid(parsed.issues), status);
}

function errorFromAnswer(status: number, json: unknown, retryAfterHeader: string | null, token: string): ApiError {
  const envelope = v.safeParse(ErrorBodySchema, json);
  const entries = envelope.success
    ? envelope.output.errors.map((e) => ({ code: e.code, errorMessage: scrub(e.errorMessage, token) }))
    : [];
  const first = entries[0];
  const retryAfterMs = parseRetryAfter(retryAfterHeader);

  if (status === 401) return new UnauthorizedError(first?.errorMessage ?? null);
  if (status === 429) return new RateLimitedError(retryAfterMs);
  if (first) return new ServiceError(status, first.code, first.errorMessage, { errors: entries, retryAfterMs });
  // Proxies and crashed servers answer with HTML or nothing: still say what happened.
  return new ServiceError(
    status,
    `HTTP_${status}`,
    status >= 500
      ? `The service answered HTTP ${status} without details: it may be down, try again later.`
      : `The service answered HTTP ${status} without details.`,
    { errors: [], retryAfterMs },
  );
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A service that echoes the Authorization header must not put the token on screen. */
function scrub(message: string, token: string): string {
  return token.length >= 4 ? message.split(token).join('[token]') : message;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the configured base URL';
  }
}
