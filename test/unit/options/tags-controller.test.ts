import { describe, expect, it } from 'vitest';
import { COUNT_BATCH, createOptionsTagsController } from '../../../lib/options/tags-controller';
import { fakeSend, type Answers } from '../fixtures/fake-send';

function tagsSection(answers: Answers) {
  const fake = fakeSend({
    listTags: async () => ({ status: 'done', tags: ['news'] }),
    linkList: async () => ({ status: 'done', rows: [], nextCursor: null }),
    ...answers,
  });
  const controller = createOptionsTagsController({ send: fake.send, onChange: () => undefined });
  return { controller, fake, model: () => controller.model() };
}

describe('options: Tags section', () => {
  it("lists the workspace's tags; a new one is created and added to the list", async () => {
    const s = tagsSection({ createTag: async ({ tag }) => ({ status: 'done', tag: tag.trim() }) });
    await s.controller.load();
    s.controller.type(' launch ');
    await s.controller.create();
    expect(s.fake.sent.at(-1)).toEqual({ type: 'createTag', data: { tag: 'launch' } });
    expect(s.model()).toMatchObject({ list: { state: 'ready', names: ['news', 'launch'] }, newTag: '', status: { kind: 'created', tag: 'launch' } });
  });

  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['x'.repeat(51), 'too-long'],
    ['a\nb', 'control'],
    ['la\u200bunch', 'control'],
    ['\u202elaunch', 'control'],
    ['launch\ud800', 'control'],
  ])('%j is refused (%s) with nothing sent', async (name, problem) => {
    const s = tagsSection({});
    await s.controller.load();
    s.controller.type(name);
    await s.controller.create();
    expect(s.model().problem).toBe(problem);
    expect(s.fake.names()).not.toContain('createTag');
  });

  it('a typed tag is sent in NFC: two spellings of one name make one tag', async () => {
    const s = tagsSection({ createTag: async ({ tag }) => ({ status: 'done', tag }) });
    await s.controller.load();
    s.controller.type('Cafe\u0301');
    await s.controller.create();
    expect(s.fake.sent.at(-1)).toEqual({ type: 'createTag', data: { tag: 'Caf\u00e9' } });
  });

  it('a malformed list from the service is an error, and the list is not replaced by part of it', async () => {
    const error = { kind: 'invalid-response' as const, code: 'TAGS_MALFORMED', message: 'x' };
    const s = tagsSection({ listTags: async () => ({ status: 'error', error }) });
    await s.controller.load();
    expect(s.model().list).toEqual({ state: 'failed', error });
  });

  it("offline, the tag is queued and said to be; a refusal is the service's words", async () => {
    const queued = tagsSection({ createTag: async () => ({ status: 'queued', itemId: 'q1' }) });
    await queued.controller.load();
    queued.controller.type('later');
    await queued.controller.create();
    expect(queued.model()).toMatchObject({ status: { kind: 'queued', tag: 'later' }, list: { names: ['news'] } });

    const error = { kind: 'service' as const, code: 'X', message: 'no' };
    const refused = tagsSection({ createTag: async () => ({ status: 'error', error }) });
    refused.controller.type('bad');
    await refused.controller.create();
    expect(refused.model()).toMatchObject({ status: { kind: 'failed', error }, newTag: 'bad' });
  });

  describe('how many links carry each tag', () => {
    const row = (n: number, tags: string[]) => ({ linkId: `l${n}`, shortUrl: `https://s.test/${n}`, longUrl: `https://a.test/${n}`, createdDate: '2026-01-01T00:00:00Z', clicks: 0, tags });

    it('counts each tag in every link of a small workspace, and says they are all counted', async () => {
      const s = tagsSection({
        listTags: async () => ({ status: 'done', tags: ['news', 'launch', 'unused'] }),
        linkList: async () => ({ status: 'done', rows: [row(1, ['news', 'launch']), row(2, ['news']), row(3, [])], nextCursor: null }),
      });
      await s.controller.load();
      const { counts } = s.model();
      expect(counts.state).toBe('ready');
      if (counts.state !== 'ready') return;
      expect(counts.counts).toMatchObject({ links: 3, partial: false });
      expect([...counts.counts.byTag]).toEqual([['news', 2], ['launch', 1]]);
    });

    it('reads a batch of pages, says the count is partial, and counts older links on request', async () => {
      const page = (cursor: number) => Array.from({ length: 20 }, (_, i) => row(cursor + i, ['news']));
      const s = tagsSection({ linkList: async ({ cursor }) => ({ status: 'done', rows: page(cursor), nextCursor: cursor + 20 < 240 ? cursor + 20 : null }) });
      await s.controller.load();
      expect(s.model().counts).toMatchObject({ state: 'ready', counts: { links: COUNT_BATCH, partial: true } });
      await s.controller.countMore();
      expect(s.model().counts).toMatchObject({ state: 'ready', counts: { links: 2 * COUNT_BATCH, partial: true } });
      await s.controller.countMore();
      const last = s.model().counts;
      expect(last).toMatchObject({ state: 'ready', counts: { links: 240, partial: false } });
      if (last.state === 'ready') expect(last.counts.byTag.get('news')).toBe(240);
      await s.controller.countMore();
      expect(s.fake.names().filter((n) => n === 'linkList')).toHaveLength(12);
    });

    it('links that cannot be read leave the tags listed, without counts', async () => {
      const error = { kind: 'network' as const, message: 'down' };
      const s = tagsSection({ linkList: async () => ({ status: 'error', error }) });
      await s.controller.load();
      expect(s.model()).toMatchObject({ list: { state: 'ready', names: ['news'] }, counts: { state: 'failed', error } });
    });
  });
});
