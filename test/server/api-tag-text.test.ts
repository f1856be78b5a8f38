import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkResponseSchema, TagListResponseSchema } from '../../lib/contract/schemas';
import { errorOf, startHarness, type Harness } from './harness';

/**
 * Tag names are text people read in lists: one spelling per tag (NFC, so
 * "café" typed either way is one tag) and nothing a reader cannot see or that
 * rewrites what is around it (controls, zero-width and bidi characters,
 * halves of a surrogate pair). Checked on POST /tag and on PATCH /link's tags.
 */
let h: Harness;
let token: string;
let linkId: string;
const ws = 'tag-text';
const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';

beforeAll(async () => {
  h = await startHarness();
  token = await h.token(ws);
  const made = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://tags.example/' } });
  linkId = (made.json.data as { linkId: string }).linkId;
});
afterAll(() => h.close());

const createTag = (tag: string) => h.call('POST', '/tag', { token, body: { workspaceId: ws, tag } });
const setTags = (tags: string[]) => h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId, tags } });
async function listed(): Promise<string[]> {
  return v.parse(TagListResponseSchema, (await h.call('GET', '/tag', { token, query: { workspaceId: ws } })).body).data;
}

describe('NFC-equal tags are one tag', () => {
  it('POST /tag stores the NFC form; the NFD spelling then finds it', async () => {
    expect((await createTag(NFD)).json.data).toBe(`Tag "${NFC}" created`);
    expect((await createTag(NFC)).json.data).toBe(`Tag "${NFC}" already exists`);
    expect(await listed()).toEqual([NFC]);
  });

  it('PATCH /link stores its tags in NFC, once each', async () => {
    const answer = await setTags([NFD, NFC, 'A\u030angstr\u00f6m']);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(v.parse(LinkResponseSchema, answer.body).data.tags).toEqual([NFC, '\u00c5ngstr\u00f6m']);
    expect(await listed()).toEqual([NFC, '\u00c5ngstr\u00f6m']);
  });

  it('the length limit counts the NFC form', async () => {
    expect((await createTag('e\u0301'.repeat(50))).status).toBe(200);
  });
});

const REFUSED: [string, string, RegExp][] = [
  ['a zero-width space inside', 'a\u200bb', /invisible/],
  ['only a zero-width space', '\u200b', /invisible/],
  ['a right-to-left override', '\u202egnp.exe', /invisible/],
  ['a zero-width joiner', 'a\u200db', /invisible/],
  ['a byte order mark inside', 'news\ufeffdesk', /invisible/],
  ['a C1 control (NEL)', 'a\u0085b', /control/],
  ['a C1 control (CSI)', 'a\u009bb', /control/],
  ['a C0 control', 'a\u0007b', /control/],
  ['a lone high surrogate', 'a\ud800b', /surrogate/],
  ['a lone low surrogate', 'x\udc00', /surrogate/],
];

describe('characters a tag cannot hold', () => {
  it.each(REFUSED)('POST /tag with %s -> INVALID_TAG, nothing stored', async (_name, tag, words) => {
    const before = await h.count('tags');
    const answer = await createTag(tag);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(errorOf(answer).code).toBe('INVALID_TAG');
    expect(errorOf(answer).errorMessage).toMatch(/^tag must not contain/);
    expect(errorOf(answer).errorMessage).toMatch(words);
    expect(await h.count('tags')).toBe(before);
  });

  it.each(REFUSED)('PATCH /link with %s -> INVALID_TAG, the link unchanged', async (_name, tag, words) => {
    const before = await h.count('tags');
    const answer = await setTags(['fine', tag]);
    expect(errorOf(answer).code).toBe('INVALID_TAG');
    expect(errorOf(answer).errorMessage).toMatch(/^tags\.1 must not contain/);
    expect(errorOf(answer).errorMessage).toMatch(words);
    expect(await h.count('tags')).toBe(before);
  });

  it.each([['an emoji (a surrogate pair)', '\u{1f525} hot'], ['Devanagari with its combining marks', '\u0928\u092e\u0938\u094d\u0924\u0947'], ['Arabic', '\u0639\u0631\u0628\u064a']])(
    '%s is a tag',
    async (_name, tag) => {
      expect((await createTag(tag)).status).toBe(200);
      expect(await listed()).toContain(tag);
    },
  );
});
