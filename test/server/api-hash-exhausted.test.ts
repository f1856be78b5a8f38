import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type * as RandomKeyword from '../../server/links/random-keyword';
import { startHarness, type Harness } from './harness';

/**
 * failToGenerateHash can only happen when every random keyword tried is taken,
 * which 62^7 keywords make unreachable for real. The randomness (and only it)
 * is pinned here so the service's answer to that case can be seen over HTTP.
 */
vi.mock('../../server/links/random-keyword', async (importOriginal) => {
  const real = await importOriginal<typeof RandomKeyword>();
  return { ...real, randomBase62: (length: number) => (length === 7 ? 'Collide' : real.randomBase62(length)) };
});

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = await h.token('hash-ws');
});
afterAll(() => h.close());

it('when every random keyword is taken: 200, failToGenerateHash, no link', async () => {
  const body = { workspaceId: 'hash-ws', keywordType: 'HASH', longUrl: 'https://example.com/' };
  const first = await h.call('POST', '/link', { token, body });
  expect(first.json.data).toMatchObject({ failToGenerateHash: false, shortUrl: `${h.server.ctx.config.publicUrl}/Collide` });
  const before = (await h.count('links'));
  const second = await h.call('POST', '/link', { token, body });
  expect(second.status).toBe(200);
  expect(second.json).toEqual({
    status: true,
    data: { linkId: '', shortUrl: '', recommendedUrls: [], keyWordExist: false, failToGenerateHash: true },
  });
  expect((await h.count('links'))).toBe(before);
  // A CUSTOM keyword still works.
  const custom = await h.call('POST', '/link', { token, body: { ...body, keywordType: 'CUSTOM', keyword: 'mine' } });
  expect(custom.json.data).toMatchObject({ failToGenerateHash: false, keyWordExist: false });
});
