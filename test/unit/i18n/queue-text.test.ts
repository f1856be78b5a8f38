/** The options page's waiting queue in words: each kind of item, its times, attempts and last error. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { QueueItemView, QueueWorkView } from '../../../lib/messaging/send-message';
import { queueAttemptsText, queueHeadingText, queueMadeText, queueNextTryText, queueWorkText } from '../../../lib/queue/queue-text';
import { queueItemView } from '../../../lib/queue/view';
import type { QueueError, QueueItem } from '../../../lib/queue/types';
import { useCatalogue } from '../fixtures/catalogue';
import { WORKSPACE } from '../fixtures/wire';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

const base = { id: 'q1', createdAt: 1_000, attempts: 2, nextAttemptAt: 61_000, idempotencyKey: 'secret-key', state: 'pending' as const };

describe('queueItemView: what crosses to the page', () => {
  it.each<[string, QueueItem, QueueWorkView]>([
    [
      'a shorten',
      { ...base, kind: 'create-link', progress: null, payload: { body: { workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://example.com/a', customDomain: null }, copy: true } },
      { kind: 'create-link', longUrl: 'https://example.com/a', tags: [] },
    ],
    [
      'a custom keyword with tags',
      {
        ...base,
        kind: 'create-link',
        progress: null,
        payload: { body: { workspaceId: WORKSPACE, keywordType: 'CUSTOM', keyword: 'spring', longUrl: 'https://example.com/a', customDomain: null }, tags: ['news', 'q4'] },
      },
      { kind: 'create-link', longUrl: 'https://example.com/a', keyword: 'spring', tags: ['news', 'q4'] },
    ],
    [
      'a link made whose tags wait',
      {
        ...base,
        kind: 'create-link',
        progress: { linkId: 'lnk_1', shortUrl: 'https://sho.rt/Ab3', createdDate: '2026-11-23T00:00:00.000Z' },
        payload: { body: { workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://example.com/a', customDomain: null }, tags: ['news'] },
      },
      { kind: 'create-link', longUrl: 'https://example.com/a', tags: ['news'], shortUrl: 'https://sho.rt/Ab3' },
    ],
    ['a tag', { ...base, kind: 'create-tag', progress: null, payload: { workspaceId: WORKSPACE, tag: 'news' } }, { kind: 'create-tag', tag: 'news' }],
    [
      'a delete',
      { ...base, kind: 'update-link', progress: null, payload: { workspaceId: WORKSPACE, linkId: 'lnk_9', tags: [], deleteLink: true } },
      { kind: 'update-link', linkId: 'lnk_9', tags: [], deleteLink: true },
    ],
    [
      'a sale',
      { ...base, kind: 'track-sale', progress: null, payload: { workspaceId: WORKSPACE, linkId: 'lnk_1', eventName: 'renewal', customerId: 'c', amount: 1999, currency: 'USD' } },
      { kind: 'track-sale', eventName: 'renewal', amount: 1999, currency: 'USD' },
    ],
  ])('%s', (_name, item, work) => {
    const view = queueItemView(item);
    expect(view).toEqual({ id: 'q1', work, state: 'pending', createdAt: 1_000, attempts: 2, nextAttemptAt: 61_000 });
    // Never the key that makes a replay the same request, nor the workspace.
    expect(JSON.stringify(view)).not.toMatch(/secret-key|idempotency|workspaceId/);
  });

  it('names the profile it is sent under, by id (the page knows the names)', () => {
    const item: QueueItem = { ...base, kind: 'create-tag', progress: null, payload: { workspaceId: WORKSPACE, tag: 'x' } };
    expect(queueItemView({ ...item, profile: { id: 'p-2', baseUrl: 'https://s.example/api', workspaceId: WORKSPACE } }).profileId).toBe('p-2');
    expect(queueItemView(item)).not.toHaveProperty('profileId');
  });

  it('a failed or paused item has no next try of its own', () => {
    const item: QueueItem = { ...base, kind: 'create-tag', progress: null, payload: { workspaceId: WORKSPACE, tag: 'x' }, state: 'failed' };
    expect(queueItemView(item)).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect(queueItemView({ ...item, state: 'paused' }).nextAttemptAt).toBeNull();
  });

  it.each<[QueueError, string]>([
    [{ code: 'NETWORK_ERROR' }, 'Could not reach the service.'],
    [{ code: 'VALIDATION_ERROR', message: 'tag is too long' }, 'tag is too long'],
    [{ code: 'INVALID_TAG', values: ['bad\u0007tag'] }, 'The tag "bad\u0007tag" can\'t be used: use 1 to 50 visible characters.'],
    [{ code: 'UNAUTHORIZED' }, 'The service refused the API token.'],
    [{ code: 'HTTP_503' }, 'The service had a problem (error 503) and may be down.'],
  ])('its last error %j travels in words', (lastError, words) => {
    const item: QueueItem = { ...base, kind: 'create-tag', progress: null, payload: { workspaceId: WORKSPACE, tag: 'x' }, lastError };
    expect(queueItemView(item).lastError).toBe(words);
  });
});

describe('queueItemView: a change to a link names its short link where this browser knows it', () => {
  it('takes the short URL from the map by link id, and leaves it out otherwise', () => {
    const item = { id: 'q1', createdAt: 1_000, attempts: 0, nextAttemptAt: 1_000, state: 'pending', idempotencyKey: 'k', kind: 'update-link', progress: null, payload: { workspaceId: WORKSPACE, linkId: 'lnk_9', deleteLink: true } } as const;
    expect(queueItemView(item as never, new Map([['lnk_9', 'https://sho.rt/Ab3']])).work).toEqual({ kind: 'update-link', linkId: 'lnk_9', shortUrl: 'https://sho.rt/Ab3', tags: [], deleteLink: true });
    expect(queueItemView(item as never, new Map([['lnk_1', 'https://sho.rt/x']])).work).toEqual({ kind: 'update-link', linkId: 'lnk_9', tags: [], deleteLink: true });
  });
});

describe('queueWorkText', () => {
  it.each<[QueueWorkView, string]>([
    [{ kind: 'create-link', longUrl: 'https://example.com/a', tags: [] }, 'Shorten https://example.com/a'],
    [{ kind: 'create-link', longUrl: 'https://example.com/a', keyword: 'spring', tags: ['news', 'q4'] }, 'Shorten https://example.com/a as "spring" and tag it news, q4'],
    [
      { kind: 'create-link', longUrl: 'https://example.com/a', tags: ['news'], shortUrl: 'https://sho.rt/Ab3' },
      'Tag https://sho.rt/Ab3 with news (the link to https://example.com/a is made; only its tags wait)',
    ],
    [{ kind: 'create-tag', tag: 'news' }, 'Create tag "news"'],
    [{ kind: 'update-link', linkId: 'lnk_9', tags: ['a', 'b'], deleteLink: false }, 'Tag link lnk_9 with a, b'],
    [{ kind: 'update-link', linkId: 'lnk_9', tags: [], deleteLink: false }, 'Remove all tags from link lnk_9'],
    [{ kind: 'update-link', linkId: 'lnk_9', tags: ['a'], deleteLink: true }, 'Delete link lnk_9'],
    [{ kind: 'update-link', linkId: 'lnk_9', shortUrl: 'https://sho.rt/Ab3', tags: [], deleteLink: true }, 'Delete link https://sho.rt/Ab3'],
    [{ kind: 'update-link', linkId: 'lnk_9', shortUrl: 'https://sho.rt/Ab3', tags: ['a'], deleteLink: false }, 'Tag link https://sho.rt/Ab3 with a'],
    [{ kind: 'track-lead', eventName: 'signup', customerId: 'cus_1' }, 'Record lead "signup" for customer cus_1'],
    [{ kind: 'track-sale', eventName: 'renewal', amount: 1999, currency: 'USD' }, 'Record sale "renewal": $19.99'],
  ])('%j', (work, text) => {
    expect(queueWorkText(work, 'en-US')).toBe(text);
  });
});

describe('times, attempts and errors', () => {
  const now = 10 * 60_000;
  const view = (over: Partial<QueueItemView>): QueueItemView => ({
    id: 'q1',
    work: { kind: 'create-tag', tag: 'x' },
    state: 'pending',
    createdAt: now - 5 * 60_000,
    attempts: 3,
    nextAttemptAt: now + 40_000,
    ...over,
  });

  it('a waiting link is headed by its host and path; other work by what it does', () => {
    expect(queueHeadingText({ kind: 'create-link', longUrl: 'https://news.example/today?utm=x#top', tags: [] })).toBe('news.example/today');
    expect(queueHeadingText({ kind: 'create-link', longUrl: 'https://news.example/', tags: [] })).toBe('news.example');
    expect(queueHeadingText({ kind: 'create-tag', tag: 'launch' })).toBe('Create tag "launch"');
  });

  it('made, attempts', () => {
    expect(queueMadeText(view({}), now, 'en')).toBe('Made 5 minutes ago');
    expect(queueAttemptsText(view({}))).toBe('Tried 3 times');
    expect(queueAttemptsText(view({ attempts: 1 }))).toBe('Tried once');
    expect(queueAttemptsText(view({ attempts: 0 }))).toBe('Not tried yet');
  });

  it.each<[Partial<QueueItemView>, string]>([
    [{}, 'Next try in 40 seconds'],
    [{ nextAttemptAt: now - 5 }, 'Next try: now'],
    [{ state: 'failed', nextAttemptAt: null }, 'The service refused it. It is sent again only when you press Retry now.'],
    [{ state: 'paused', nextAttemptAt: null }, 'Not tried again until the token is fixed.'],
  ])('next try of %j', (over, text) => {
    expect(queueNextTryText(view(over), now, 'en')).toBe(text);
  });
});
