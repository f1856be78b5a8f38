import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type * as RandomKeyword from '../../server/links/random-keyword';
import { startHarness, type Harness } from './harness';

/**
 * Two creations that draw the same random keyword at the same moment (62^7
 * keywords make it rare, several instances on one database make it possible):
 * the second must take another keyword, never fail on the unique index. The
 * randomness is pinned so that every keyword is drawn exactly twice in a row:
 * requests sent together draw the same first keyword.
 */
vi.mock('../../server/links/random-keyword', async (importOriginal) => {
  const real = await importOriginal<typeof RandomKeyword>();
  let drawn = 0;
  return {
    ...real,
    randomBase62: (length: number) => {
      if (length !== 7) return real.randomBase62(length);
      drawn += 1;
      return `Twin${String(Math.floor((drawn - 1) / 2)).padStart(3, '0')}`;
    },
  };
});

let h: Harness;
const workspaces = ['race-a', 'race-b', 'race-c', 'race-d'];
const tokens: string[] = [];
beforeAll(async () => {
  h = await startHarness();
  for (const ws of workspaces) tokens.push(await h.token(ws));
});
afterAll(() => h.close());

it('concurrent HASH creations drawing the same keyword each get a link of their own', async () => {
  for (let round = 0; round < 5; round += 1) {
    const answers = await Promise.all(
      workspaces.map((workspaceId, i) =>
        h.call('POST', '/link', { token: tokens[i] ?? '', body: { workspaceId, keywordType: 'HASH', longUrl: `https://example.com/${round}/${i}` } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      expect(answer.json.data).toMatchObject({ failToGenerateHash: false });
    }
    const urls = answers.map((answer) => (answer.json.data as { shortUrl: string }).shortUrl);
    expect(new Set(urls).size).toBe(workspaces.length);
  }
  expect(await h.count('links')).toBe(5 * workspaces.length);
});

it('concurrent CUSTOM creations of one keyword make it once; the others are told it exists, with free suggestions', async () => {
  const answers = await Promise.all(
    workspaces.map((workspaceId, i) =>
      h.call('POST', '/link', { token: tokens[i] ?? '', body: { workspaceId, keywordType: 'CUSTOM', keyword: 'launch', longUrl: `https://example.com/launch/${i}` } }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(workspaces.map(() => 200));
  const made = answers.filter((answer) => (answer.json.data as { keyWordExist: boolean }).keyWordExist === false);
  expect(made).toHaveLength(1);
  for (const answer of answers) {
    const data = answer.json.data as { keyWordExist: boolean; recommendedUrls: string[]; linkId: string };
    if (data.keyWordExist) {
      expect(data.linkId).toBe('');
      expect(data.recommendedUrls.length).toBeGreaterThan(0);
      for (const url of data.recommendedUrls) expect(url).toMatch(/\/launch-[0-9A-Za-z]+$/);
    }
  }
});
