/** Errors travel as codes; pages show catalogue words, or the service's own. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnauthorizedError,
  UnsafeShortUrlError,
  toErrorInfo,
} from '../../../lib/api/errors';
import { describeError } from '../../../lib/i18n/describe-error';
import { describeQueueError } from '../../../lib/queue/queue-error-text';
import type { ErrorView } from '../../../lib/messaging/send-message';
import { useCatalogue } from '../fixtures/catalogue';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

describe('describeError', () => {
  it.each([
    ['KEYWORD_REQUIRED', undefined, 'Enter a custom keyword.'],
    ['INVALID_KEYWORD', ['has space'], 'Use 1 to 50 letters, digits, "-" or "_".'],
    ['RESERVED_KEYWORD', ['API'], '"API" is reserved. Choose another keyword.'],
    ['INVALID_TAG', ['bad\u0001tag'], 'The tag "bad\u0001tag" can\'t be used: use 1 to 50 visible characters.'],
    ['TOO_MANY_TAGS', ['50'], 'A link can have at most 50 tags.'],
  ])('the extension refused %s: catalogue words with the values', (code, values, what) => {
    const error: ErrorView = { kind: 'invalid-input', code, message: code, ...(values ? { values } : {}) };
    expect(describeError(error).what).toBe(what);
  });

  it('no details from the service: the catalogue says so, not the extension\'s English', () => {
    const err = new ServiceError(503, 'HTTP_503', 'The service answered HTTP 503 without details: it may be down, try again later.', { errors: [] });
    expect(describeError(toErrorInfo(err)).what).toBe('The service had a problem (error 503) and may be down.');
  });

  it('FAIL_TO_GENERATE_HASH is put in catalogue words', () => {
    const text = describeError({ kind: 'service', code: 'FAIL_TO_GENERATE_HASH', message: 'FAIL_TO_GENERATE_HASH' });
    expect(text).toMatchObject({ what: "The service couldn't find a free short link.", todo: 'Try again, or choose a custom keyword.' });
  });

  it.each([
    ['TAG_LIMIT_REACHED', 'This workspace is full: it can have at most 1,000 tags.', 'Use tags it already has.'],
    [
      'DOMAIN_CLAIM_LIMIT_REACHED',
      "This workspace already has 20 domains that aren't set up, the most it can have.",
      'Finish setting one of them up, or delete one you don\'t need, then try again.',
    ],
  ])('%s, a workspace\'s limit, is put in catalogue words with the number', (code, what, todo) => {
    const text = describeError(toErrorInfo(new ServiceError(400, code, 'the service\'s English')));
    expect(text).toEqual({ what, todo, fixInSettings: false });
  });

  it('nothing connected yet: says so and points to settings, not to changing the request', () => {
    const text = describeError({ kind: 'invalid-input', code: 'NOT_CONFIGURED', message: 'NOT_CONFIGURED' });
    expect(text).toEqual({ what: 'Not connected to your service yet.', todo: 'Connect in settings, then try again.', fixInSettings: true });
  });

  it('an unknown code of its own is not shown to the user', () => {
    const text = describeError({ kind: 'invalid-input', code: 'SOME_NEW_CODE', message: 'SOME_NEW_CODE' });
    expect(`${text.what} ${text.todo}`).not.toContain('SOME_NEW_CODE');
  });

  it('the service\'s own words are shown for its errors', () => {
    const text = describeError(toErrorInfo(new ServiceError(400, 'DOMAIN_NOT_READY', 'go.example.com is not set up yet')));
    expect(text.what).toBe('The service refused this: go.example.com is not set up yet');
  });

  it.each([
    new UnauthorizedError('invalid token'),
    new RateLimitedError(3000),
    new NetworkError('http://127.0.0.1:8787'),
    new TimeoutError(10_000),
    new InvalidResponseError('the answer was cut off', 200),
    new TypeError('x is undefined'),
  ])('%s: no page shows the English of lib/api/errors.ts', (err) => {
    const text = describeError(toErrorInfo(err));
    expect(text.what).not.toBe('');
    expect(`${text.what} ${text.todo}`).not.toContain((err as Error).message);
  });
});

describe('describeQueueError', () => {
  it.each([
    [{ code: 'INVALID_TAG', message: 'tag must not contain control characters' }, 'tag must not contain control characters'],
    [{ code: 'FAIL_TO_GENERATE_HASH' }, "The service couldn't find a free short link."],
    [{ code: 'DOMAIN_NOT_READY', message: 'go.example.com is not set up yet' }, 'go.example.com is not set up yet'],
    [{ code: 'KEYWORD_TAKEN', values: ['promo', 'http://s/alt1'] }, '"promo" is already taken. Free short links: http://s/alt1'],
    [{ code: 'KEYWORD_TAKEN', values: ['promo', ''] }, 'That keyword is already taken: try another one.'],
    [{ code: 'UNAUTHORIZED' }, 'The service refused the API token.'],
    [{ code: 'NETWORK_ERROR' }, 'Could not reach the service.'],
    [{ code: 'HTTP_502' }, 'The service had a problem (error 502) and may be down.'],
    [{ code: 'E418' }, 'Something went wrong; it will be tried again.'],
    [
      { code: 'PROFILE_REPOINTED', values: ['127.0.0.1:8787', 'sho.rt'] },
      "Made for 127.0.0.1:8787, but its profile now uses sho.rt, so it isn't sent. Set the profile back to 127.0.0.1:8787 and retry, or discard it.",
    ],
    [{ code: 'PROFILE_DELETED' }, "Its profile was deleted, so it isn't sent. Discard it, or add the profile again and retry."],
  ])('%j → %s', (error, text) => {
    expect(describeQueueError(error)).toBe(text);
  });

  it('an unknown outcome says it will be sent again as the same request', () => {
    expect(describeQueueError({ code: 'INVALID_RESPONSE' })).toContain('never makes a second link');
  });
});

describe('a short link refused by the extension', () => {
  it('is put in words in the popup and pages, and in the queue and notifications', () => {
    const info = toErrorInfo(new UnsafeShortUrlError());
    expect(describeError(info as ErrorView)).toEqual({
      what: "Your service answered with a short link that isn't a plain web address, so Shortlink didn't use it.",
      todo: 'Check that the API base URL in settings points to your own service, over https.',
      fixInSettings: true,
    });
    expect(describeQueueError({ code: 'UNSAFE_SHORT_URL' })).toBe("Your service answered with a short link that isn't a plain web address, so Shortlink didn't use it.");
  });
});
