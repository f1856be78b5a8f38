/**
 * The retention the service tells (`Idempotency-Retention: <seconds>` on
 * answers to keyed requests) is read, checked, and kept per profile; a
 * profile whose service never said has none recorded (the queue then
 * assumes the interface's 24 h).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../lib/api/client';
import { parseRetention } from '../../../lib/api/idempotency-retention';
import { createProfileClients } from '../../../lib/background/queue/profile-clients';
import { createRetentionMemo, retentionKey } from '../../../lib/storage/idempotency-retention';
import { getConnection, getProfileConnection, storeProfile } from '../../../lib/storage/settings';
import { fakeFetch, json } from '../fixtures/fake-fetch';
import { BASE_URL, TOKEN, WORKSPACE, createLinkData, pageInfo } from '../fixtures/wire';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('parseRetention', () => {
  it.each([
    ['604800', 604_800],
    [' 86400 ', 86_400],
    ['1', 1],
  ])('%j → %d s', (value, seconds) => {
    expect(parseRetention(value)).toBe(seconds);
  });

  it.each([null, '', '0', '-5', '1.5', '7d', '1e6', '99999999999', 'Infinity'])('%j → not an answer', (value) => {
    expect(parseRetention(value)).toBeNull();
  });
});

function service(retention: string | null) {
  return fakeFetch((req) => {
    const headers: Record<string, string> = retention === null ? {} : { 'Idempotency-Retention': retention };
    if (req.method === 'POST') return json({ status: true, data: createLinkData() }, 200, headers);
    return json({ status: true, data: { pageInfo: pageInfo(0), list: [] } }, 200, headers);
  });
}

describe('the client', () => {
  it('tells what a keyed request\'s answer said, and nothing for a request without a key', async () => {
    const onRetention = vi.fn();
    const { fetch } = service('604800');
    const client = createApiClient({ baseUrl: BASE_URL, getToken: () => TOKEN, fetch, onRetention });
    await client.listLinks({ workspaceId: WORKSPACE });
    expect(onRetention).not.toHaveBeenCalled();
    await client.createLink({ workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://example.com/', customDomain: null }, { idempotencyKey: 'k' });
    expect(onRetention).toHaveBeenCalledWith(604_800);
  });

  it('an absent or unreadable header tells nothing', async () => {
    for (const value of [null, 'soon']) {
      const onRetention = vi.fn();
      const client = createApiClient({ baseUrl: BASE_URL, getToken: () => TOKEN, fetch: service(value).fetch, onRetention });
      await client.createLink({ workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://example.com/', customDomain: null }, { idempotencyKey: 'k' });
      expect(onRetention).not.toHaveBeenCalled();
    }
  });
});

describe('per profile', () => {
  it('a queued item\'s client records what its profile\'s service said, under that profile; others stay unknown', async () => {
    await storeProfile({ id: 'a', name: 'Work', baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE }, true);
    const memo = createRetentionMemo();
    const recorded: Promise<void>[] = [];
    const getClient = createProfileClients({
      getConnection,
      getProfileConnection,
      fetch: service('604800').fetch,
      onRetention: (key, seconds) => recorded.push(memo.record(key, seconds)),
    });
    const client = await getClient({ id: 'a', baseUrl: BASE_URL, workspaceId: WORKSPACE });
    await client.createLink({ workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://example.com/', customDomain: null }, { idempotencyKey: 'k' });
    await Promise.all(recorded);
    expect(await memo.read(retentionKey({ id: 'a' }))).toBe(604_800_000);
    expect(await memo.read(retentionKey({ id: 'b' }))).toBeNull();
    // Kept across a restart of the worker.
    expect(await createRetentionMemo().read(retentionKey({ id: 'a' }))).toBe(604_800_000);
  });
});
