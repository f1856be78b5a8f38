import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkResponseSchema, TagListResponseSchema } from '../../lib/contract/schemas';
import { TAGS_PER_WORKSPACE_MAX } from '../../lib/contract/workspace-limits';
import { errorOf, startHarness, type Harness } from './harness';

/**
 * GET /tag answers a workspace's whole list (docs/interface.md has no paging for
 * it), so the list is capped: a tag new to a full workspace is refused
 * wherever tags are made (POST /tag, PATCH /link, PATCH /tag), while tags it
 * has already can still be created again and put on links.
 */
let h: Harness;
let token: string;
let linkId: string;
const ws = 'tag-cap';
const name = (i: number) => `t${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  h = await startHarness();
  token = await h.token(ws);
  const made = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://cap.example/' } });
  linkId = (made.json.data as { linkId: string }).linkId;
  // All but two of the allowance, written straight to the database: a thousand requests would only be slower.
  const db = h.server.ctx.db;
  await db.transaction(async () => {
    const names = [...Array.from({ length: TAGS_PER_WORKSPACE_MAX - 3 }, (_, i) => name(i)), 'caf\u00e9'];
    for (const tag of names) await db.run('INSERT INTO tags (workspace_id, name, created_date) VALUES (?, ?, ?)', [ws, tag, '2026-01-01T00:00:00.000Z']);
  });
});
afterAll(() => h.close());

const createTag = (tag: string, workspaceId = ws) => h.call('POST', '/tag', { token, body: { workspaceId, tag } });
const setTags = (path: '/link' | '/tag', tags: string[]) => h.call('PATCH', path, { token, body: { workspaceId: ws, linkId, tags } });
const tagCount = async () => v.parse(TagListResponseSchema, (await h.call('GET', '/tag', { token, query: { workspaceId: ws } })).body).data.length;

describe(`at most ${TAGS_PER_WORKSPACE_MAX} tags per workspace`, () => {
  it('PATCH /link may add tags up to the limit, not past it: all or nothing', async () => {
    const over = await setTags('/link', [name(0), 'new-a', 'new-b', 'new-c']);
    expect(over.status).toBe(400);
    const error = errorOf(over);
    expect(error.code).toBe('TAG_LIMIT_REACHED');
    expect(error.errorMessage).toContain(String(TAGS_PER_WORKSPACE_MAX));
    expect(await tagCount()).toBe(TAGS_PER_WORKSPACE_MAX - 2);
    const link = await h.call('GET', '/link', { token, query: { workspaceId: ws } });
    expect((link.json.data as { list: { tags: string[] }[] }).list[0]?.tags).toEqual([]);

    const fits = await setTags('/link', [name(0), 'new-a']);
    expect(v.parse(LinkResponseSchema, fits.body).data.tags).toEqual([name(0), 'new-a']);
    expect(await tagCount()).toBe(TAGS_PER_WORKSPACE_MAX - 1);
  });

  it('concurrent POST /tag of different new tags: exactly one takes the last place', async () => {
    const answers = await Promise.all(['race-1', 'race-2', 'race-3', 'race-4'].map((tag) => createTag(tag)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => errorOf(a).code)).toEqual(Array(3).fill('TAG_LIMIT_REACHED'));
    expect(await tagCount()).toBe(TAGS_PER_WORKSPACE_MAX);
  });

  it('a full workspace refuses new tags on POST /tag, PATCH /link and PATCH /tag', async () => {
    expect(errorOf(await createTag('one-too-many')).code).toBe('TAG_LIMIT_REACHED');
    expect(errorOf(await setTags('/link', ['one-too-many'])).code).toBe('TAG_LIMIT_REACHED');
    expect(errorOf(await setTags('/tag', ['one-too-many'])).code).toBe('TAG_LIMIT_REACHED');
    expect(await tagCount()).toBe(TAGS_PER_WORKSPACE_MAX);
  });

  it('tags it has are still created again and set on links, in any NFC-equal spelling', async () => {
    expect((await createTag(name(5))).json.data).toBe(`Tag "${name(5)}" already exists`);
    expect((await createTag('cafe\u0301')).json.data).toBe('Tag "caf\u00e9" already exists');
    expect((await setTags('/tag', [name(1), name(2)])).status).toBe(200);
    expect((await setTags('/link', [])).status).toBe(200);
  });

  it('another workspace has its own allowance', async () => {
    const other = await h.token('tag-cap-other');
    expect((await h.call('POST', '/tag', { token: other, body: { workspaceId: 'tag-cap-other', tag: 'one-too-many' } })).status).toBe(200);
  });
});
