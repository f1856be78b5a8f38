import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api/client';
import { createTagHandlers } from '../../lib/background/tags';
import type { Connection } from '../../lib/settings';
import { fakeFetch, json } from './fixtures/fake-fetch';
import { BASE_URL, TOKEN, WORKSPACE } from './fixtures/wire';

const conn = { baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE } as Connection;

function handlersAnswering(body: unknown, permitted = true) {
  const fake = fakeFetch(() => json(body));
  const handlers = createTagHandlers({
    getConnection: async () => conn,
    clientFor: (c) => createApiClient({ baseUrl: c.baseUrl, getToken: () => c.token, fetch: fake.fetch }),
    hasHostPermission: async () => permitted,
  });
  return { handlers, calls: fake.calls };
}

describe('listTags', () => {
  it('answers the workspace tags once each, sorted', async () => {
    const { handlers, calls } = handlersAnswering({ status: true, data: ['work', 'Blog', 'work', 'news'] });
    expect(await handlers.listTags()).toEqual({ status: 'done', tags: ['Blog', 'news', 'work'] });
    expect(calls.map((c) => c.url)).toEqual([`${BASE_URL}/tag?workspaceId=${WORKSPACE}`]);
  });

  it.each([
    ['not a list', { status: true, data: 'work' }],
    ['a tag that is not text', { status: true, data: ['work', 7] }],
    ['no envelope', ['work']],
  ])('turns a malformed answer (%s) into an invalid-response error', async (_name, body) => {
    const { handlers } = handlersAnswering(body);
    expect(await handlers.listTags()).toMatchObject({ status: 'error', error: { kind: 'invalid-response' } });
  });

  it('asks nothing of the service without the host permission', async () => {
    const { handlers, calls } = handlersAnswering({ status: true, data: [] }, false);
    expect(await handlers.listTags()).toMatchObject({ status: 'error', error: { code: 'NO_HOST_PERMISSION' } });
    expect(calls).toEqual([]);
  });

  it('says when no connection is saved', async () => {
    const handlers = createTagHandlers({
      getConnection: async () => ({ baseUrl: '', token: '', workspaceId: '' }) as Connection,
      clientFor: () => {
        throw new Error('no client without a connection');
      },
      hasHostPermission: async () => true,
    });
    expect(await handlers.listTags()).toEqual({ status: 'not-configured' });
  });
});
