/**
 * A client is bound to one profile for its life: that profile's address and
 * that profile's token, whichever profile is active when a request leaves.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bindClient, NO_PERMISSION, NOT_CONFIGURED, reachService } from '../../../lib/background/reach-service';
import { deleteProfile, getConnection, getProfileConnection, storeProfile, switchProfile } from '../../../lib/storage/settings';
import { fakeFetch, json } from '../fixtures/fake-fetch';
import { pageInfo } from '../fixtures/wire';

const A = { id: 'a', name: 'Work', baseUrl: 'http://a.test/api', token: 'tok_a', workspaceId: 'alpha' };
const B = { id: 'b', name: 'Home', baseUrl: 'http://b.test/api', token: 'tok_b', workspaceId: 'beta' };

beforeEach(async () => {
  fakeBrowser.reset();
  await storeProfile(A, true);
  await storeProfile(B, false);
});

function service() {
  return fakeFetch(() => json({ status: true, data: { pageInfo: pageInfo(0), list: [] } }));
}

/** Where each request went and the token it carried. */
const sent = (calls: ReturnType<typeof service>['calls']) => calls.map((c) => [new URL(c.url).origin, c.headers.authorization]);

describe('bindClient', () => {
  it("after a switch to B, a client bound under A still sends A's token, to A's address", async () => {
    const fake = service();
    const client = bindClient(await getConnection(), { readProfile: getProfileConnection, fetch: fake.fetch });
    await client.listLinks({ workspaceId: A.workspaceId });
    await switchProfile('b');
    await client.listLinks({ workspaceId: A.workspaceId });
    expect(sent(fake.calls)).toEqual([
      ['http://a.test', 'Bearer tok_a'],
      ['http://a.test', 'Bearer tok_a'],
    ]);
  });

  it("a token fixed in A's profile applies to A's next request at once", async () => {
    const fake = service();
    const client = bindClient(await getConnection(), { readProfile: getProfileConnection, fetch: fake.fetch });
    await storeProfile({ ...A, token: 'tok_a2' }, false);
    await client.listLinks({ workspaceId: A.workspaceId });
    expect(sent(fake.calls)).toEqual([['http://a.test', 'Bearer tok_a2']]);
  });

  it("once A points elsewhere or is gone, its new token is never sent to A's old address", async () => {
    const fake = service();
    const client = bindClient(await getConnection(), { readProfile: getProfileConnection, fetch: fake.fetch });
    await storeProfile({ ...A, baseUrl: 'http://moved.test/api', token: 'tok_moved' }, false);
    await client.listLinks({ workspaceId: A.workspaceId });
    await deleteProfile('a');
    await client.listLinks({ workspaceId: A.workspaceId });
    expect(sent(fake.calls)).toEqual([
      ['http://a.test', 'Bearer tok_a'],
      ['http://a.test', 'Bearer tok_a'],
    ]);
  });

  it('without a profile to read, sends the token it was given (a profile under test, not stored yet)', async () => {
    const fake = service();
    const client = bindClient({ ...A, profileId: 'a', token: 'tok_new' }, { fetch: fake.fetch });
    await client.listLinks({ workspaceId: A.workspaceId });
    expect(sent(fake.calls)).toEqual([['http://a.test', 'Bearer tok_new']]);
  });
});

describe('reachService', () => {
  it('refuses a connection that is not configured without asking the browser', async () => {
    const hasHostPermission = vi.fn(async () => true);
    expect(await reachService({ baseUrl: '', token: '', workspaceId: '' }, { hasHostPermission })).toEqual({ refused: NOT_CONFIGURED });
    expect(hasHostPermission).not.toHaveBeenCalled();
  });

  it("refuses when the browser has not granted the service's origin, and sends nothing", async () => {
    const hasHostPermission = vi.fn(async () => false);
    expect(await reachService(await getConnection(), { hasHostPermission })).toEqual({ refused: NO_PERMISSION });
    expect(hasHostPermission).toHaveBeenCalledWith(A.baseUrl);
  });

  it('answers the connection with a client bound to its profile', async () => {
    const fake = service();
    const reached = await reachService(await getConnection(), { hasHostPermission: async () => true, readProfile: getProfileConnection, fetch: fake.fetch });
    if ('refused' in reached) throw new Error('refused');
    expect(reached.conn).toMatchObject({ profileId: 'a', workspaceId: 'alpha' });
    await switchProfile('b');
    await reached.client.listLinks({ workspaceId: reached.conn.workspaceId });
    expect(sent(fake.calls)).toEqual([['http://a.test', 'Bearer tok_a']]);
  });
});
