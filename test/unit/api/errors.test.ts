import { describe, expect, it } from 'vitest';
import {
  ApiError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnauthorizedError,
  isRetryable,
  retryAfterOf,
  toErrorInfo,
} from '../../../lib/api/errors';
import { parseRetryAfter } from '../../../lib/api/retry-after';
import { joinUrl } from '../../../lib/api/join-url';

describe('isRetryable', () => {
  it.each([
    [new NetworkError('http://h'), true],
    [new TimeoutError(10_000), true],
    [new RateLimitedError(1000), true],
    [new ServiceError(408, 'HTTP_408', 'timeout'), true],
    [new ServiceError(500, 'INTERNAL_ERROR', 'x'), true],
    [new ServiceError(503, 'HTTP_503', 'x'), true],
    [new ServiceError(400, 'INVALID_URL', 'x'), false],
    [new ServiceError(404, 'ROUTE_NOT_FOUND', 'x'), false],
    [new ServiceError(413, 'PAYLOAD_TOO_LARGE', 'x'), false],
    [new UnauthorizedError(), false],
    // The answer could not be read: it may have been carried out, so it is sent again under its key.
    [new InvalidResponseError('data: missing'), true],
    [new Error('bug'), false],
    ['a string', false],
  ])('%s → %s', (err, expected) => {
    expect(isRetryable(err)).toBe(expected);
  });
});

describe('error classes', () => {
  it('are ApiErrors and Errors with their own names and kinds', () => {
    const all: [ApiError, string][] = [
      [new ServiceError(400, 'X', 'm'), 'service'],
      [new UnauthorizedError(), 'unauthorized'],
      [new RateLimitedError(null), 'rate-limited'],
      [new NetworkError('http://h'), 'network'],
      [new TimeoutError(5), 'timeout'],
      [new InvalidResponseError('d'), 'invalid-response'],
    ];
    for (const [err, kind] of all) {
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toBeInstanceOf(Error);
      expect(err.kind).toBe(kind);
      expect(err.name).toBe(err.constructor.name);
    }
  });

  it('say what the user can do', () => {
    expect(new UnauthorizedError().message).toBe('The token was refused: check it in Options.');
    expect(new RateLimitedError(2500).message).toContain('try again in 3 s');
    expect(new RateLimitedError(null).message).toContain('try again in a moment');
    expect(new NetworkError('http://127.0.0.1:8787').message).toContain('check your connection and the base URL in Options');
    expect(new TimeoutError(10_000).message).toContain('within 10 s');
    expect(new InvalidResponseError('data.shortUrl: missing').message).toContain('(data.shortUrl: missing)');
  });

  it('retryAfterOf reads 429 and 503 hints only', () => {
    expect(retryAfterOf(new RateLimitedError(4000))).toBe(4000);
    expect(retryAfterOf(new ServiceError(503, 'HTTP_503', 'x', { retryAfterMs: 9000 }))).toBe(9000);
    expect(retryAfterOf(new NetworkError('h'))).toBeNull();
  });
});

describe('toErrorInfo', () => {
  it('keeps kind, code and message of API errors as plain data', () => {
    const info = toErrorInfo(new ServiceError(400, 'INVALID_KEYWORD', 'keyword is reserved'));
    expect(info).toEqual({ kind: 'service', code: 'INVALID_KEYWORD', message: 'keyword is reserved' });
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
  });

  it('hides the internals of a bug', () => {
    const info = toErrorInfo(new TypeError('cannot read x of undefined at secret.ts:12'));
    expect(info.kind).toBe('internal');
    expect(info.message).not.toContain('secret.ts');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T05:00:00Z');
  it.each([
    ['120', 120_000],
    [' 3 ', 3000],
    ['Sun, 22 Nov 2026 05:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 04:00:00 GMT', 0],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('joinUrl', () => {
  it.each([
    ['http://h/api', ['link'], 'http://h/api/link'],
    ['http://h/api///', ['link', 'a b', 'c/d', 'e?f#g'], 'http://h/api/link/a%20b/c%2Fd/e%3Ff%23g'],
    ['http://h/api', ['a..b', '.x'], 'http://h/api/a..b/.x'],
  ])('%s + %j', (base, segments, expected) => {
    expect(joinUrl(base, segments)).toBe(expected);
  });

  it.each(['.', '..', ''])('refuses the path parameter %j, which would leave the base path', (segment) => {
    expect(() => joinUrl('http://h/api', ['link', segment, 'w'])).toThrow(TypeError);
  });

  it('adds defined query values only', () => {
    expect(joinUrl('http://h/api/', ['tag'], { workspaceId: 'a&b', cursor: undefined, pageSize: 5 })).toBe(
      'http://h/api/tag?workspaceId=a%26b&pageSize=5',
    );
  });
});
