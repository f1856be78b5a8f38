import { describe, expect, it } from 'vitest';
import type { BulkStatus } from '../../../lib/batch/bulk-status';
import { MAX_TEXT_BYTES } from '../../../lib/batch/limits';
import type { BulkInput } from '../../../lib/batch/bulk-input';
import { createBulkController, type BulkModel } from '../../../lib/bulk/controller';
import type { AnswerOf, RequestOf } from '../../../lib/messaging/send-message';
import { fakeSend, settled, type Answers } from '../fixtures/fake-send';

const BASE = 'http://127.0.0.1:8787/api';
const SETTINGS: AnswerOf<'getSettings'> = {
  connection: { baseUrl: BASE, token: 't', workspaceId: 'demo' },
  preferences: { autoShorten: true, copyToClipboard: true, keywordType: 'HASH', defaultDomain: '', notifyQueued: true, defaultTags: ['news'], theme: 'system', cleanLinks: true, samePageIgnoresCampaign: false },
};

type Batch = NonNullable<AnswerOf<'bulkBatch'>['batch']>;
const counts = (over: Partial<Batch['counts']> = {}) => ({ waiting: 0, made: 0, reused: 0, failed: 0, cancelled: 0, ...over });

function setup(answers: Answers = {}, input: BulkInput | null = null) {
  let status: ((s: BulkStatus | null) => void) | null = null;
  const models: BulkModel[] = [];
  const fake = fakeSend({
    getSettings: () => SETTINGS,
    bulkBatch: () => ({ batch: null, items: [] }),
    bulkKnown: () => ({ status: 'done', links: [], cleaned: [], seen: 0, reached: true }),
    listTags: () => ({ status: 'done', tags: ['news', 'work'] }),
    domainChoices: () => ({ status: 'done', domains: ['go.example'], defaultDomain: '' }),
    bulkClear: () => ({}),
    ...answers,
  });
  let clock = 0;
  const bulk = createBulkController({
    send: fake.send,
    onChange: (m) => models.push(m),
    takeInput: async () => input,
    watchStatus: (cb) => {
      status = cb;
      return () => undefined;
    },
    yieldNow: () => Promise.resolve(),
    now: () => (clock += 1000),
    analyseDelayMs: 0,
  });
  const model = () => models.at(-1)!;
  const until = async (check: (m: BulkModel) => boolean) => {
    for (let i = 0; i < 50 && !check(model()); i += 1) await settled();
    expect(check(model())).toBe(true);
  };
  return { bulk, fake, model, until, tell: (s: BulkStatus | null) => status?.(s) };
}

describe('the bulk page before sending', () => {
  it('lists a pasted text: valid and distinct, refused with reasons, duplicates folded, and what this profile already shortened', async () => {
    const { bulk, model, until, fake } = setup({
      bulkKnown: ({ urls }) => ({
        status: 'done',
        links: urls.includes('https://a.example/') ? [{ url: 'https://a.example/', shortUrl: 'http://127.0.0.1:8787/aaa' }] : [],
        cleaned: [],
        seen: 1,
        reached: true,
      }),
    });
    await bulk.start();
    expect(model().view).toBe('compose');
    expect(model().tags.chosen).toEqual(['news']);
    bulk.setText('https://a.example\nhttps://A.example/ and javascript:alert(1)\nhttp://127.0.0.1:8787/own\nhttps://b.example/x.');
    await until((m) => !m.analysing && m.analysis !== null && Object.keys(m.known).length > 0);
    const { list } = model().analysis!;
    expect(list.valid.map((e) => e.url)).toEqual(['https://a.example/', 'https://b.example/x']);
    expect(list.refused.map((r) => r.problem)).toEqual(['scheme', 'own-host']);
    expect(list.duplicates).toBe(1);
    expect(model().known).toEqual({ 'https://a.example/': 'http://127.0.0.1:8787/aaa' });
    expect(fake.sent.find((m) => m.type === 'bulkKnown')?.data).toEqual({ urls: ['https://a.example/', 'https://b.example/x'], customDomain: null });
  });

  it('says why nothing can be sent: no links, a selection without links, more than 1,000', async () => {
    const { bulk, model, until } = setup();
    await bulk.start();
    bulk.setText('no links here');
    await until((m) => m.problem === 'no-links');
    bulk.setText(Array.from({ length: 1001 }, (_, i) => `https://a.example/${i}`).join('\n'));
    await until((m) => m.analysis?.list.tooMany === true);
    await bulk.shorten();
    expect(model().view).toBe('compose');

    const selection = setup({}, { source: 'selection', entries: [], text: 'nothing to see' });
    await selection.bulk.start();
    await selection.until((m) => m.problem === 'selection-empty');
  });

  it('checks a file before reading it: too big, not text; reads a CSV field by field', async () => {
    const { bulk, model, until } = setup();
    await bulk.start();
    let read = 0;
    const file = (name: string, size: number, type: string, text = '') => ({ name, size, type, text: async () => (read++, text) });
    await bulk.chooseFile(file('huge.txt', 20 * 1024 * 1024, 'text/plain'));
    expect(model().problem).toBe('too-big');
    await bulk.chooseFile(file('photo.png', 1000, 'image/png'));
    expect(model().problem).toBe('not-text');
    expect(read).toBe(0);
    await bulk.chooseFile(file('data.txt', 10, 'text/plain', 'a\u0000b'));
    expect(model().problem).toBe('not-text');
    await bulk.chooseFile(file('links.csv', 60, 'text/csv', 'url,note\n"https://a.example/x,y",hi'));
    await until((m) => m.analysis !== null);
    expect(model().format).toBe('csv');
    expect(model().analysis!.list.valid.map((e) => e.url)).toEqual(['https://a.example/x,y']);
    expect(MAX_TEXT_BYTES).toBeLessThan(20 * 1024 * 1024);
  });

  it('starts from the tabs or a selection left for it, with their titles', async () => {
    const started: RequestOf<'bulkStart'>[] = [];
    const { bulk, until, model } = setup(
      { bulkStart: (r) => (started.push(r), { status: 'done', id: 'b1' }) },
      { source: 'tabs', entries: [{ url: 'https://a.example', title: 'A' }, { url: 'chrome://newtab' }, { url: 'https://b.example/', title: 'B' }] },
    );
    await bulk.start();
    expect(model().text).toBe('https://a.example\nchrome://newtab\nhttps://b.example/');
    await until((m) => m.analysis !== null);
    await bulk.chooseDomain('go.example');
    bulk.setFresh(true);
    await bulk.shorten();
    expect(started[0]).toMatchObject({
      entries: [{ url: 'https://a.example/', title: 'A' }, { url: 'https://b.example/', title: 'B' }],
      customDomain: 'go.example',
      tags: ['news'],
      fresh: true,
    });
  });

  it('a selection gives its anchors, then its text, whose URLs are found too; repeats fold', async () => {
    const { bulk, model, until } = setup({}, {
      source: 'selection',
      entries: [{ url: 'https://a.example/', title: 'A' }, { url: 'javascript:void(0)' }, { url: 'https://a.example/' }],
      text: 'Read A and https://b.example/x.',
    });
    await bulk.start();
    expect(model().text).toBe('https://a.example/\njavascript:void(0)\nhttps://a.example/\nRead A and https://b.example/x.');
    await until((m) => m.analysis !== null);
    expect(model().analysis!.list.valid.map((e) => e.url)).toEqual(['https://a.example/', 'https://b.example/x']);
    expect(model().titles).toEqual({ 'https://a.example/': 'A' });
  });
});

describe('the bulk page while a batch runs', () => {
  const batch = (over: Partial<Batch> = {}): Batch => ({
    id: 'b1', state: 'running', createdAt: 0, total: 3, counts: counts({ waiting: 3 }), rev: 1, customDomain: null, tags: [], fresh: false, ...over,
  });
  const item = (index: number, state: AnswerOf<'bulkBatch'>['items'][number]['state'], shortUrl?: string) => ({
    index, url: `https://a.example/${index}`, state, ...(shortUrl ? { shortUrl } : {}),
  });

  it('reopened, shows the kept batch; follows its status, asking only for what changed; estimates the time left', async () => {
    const asked: number[] = [];
    let current = { batch: batch(), items: [item(0, 'waiting'), item(1, 'waiting'), item(2, 'waiting')] };
    const { bulk, model, tell, until } = setup({
      bulkBatch: ({ since }) => {
        asked.push(since);
        return since === 0 ? { ...current, text: { value: 'x https://a.example/0 y', format: 'text' } } : { batch: current.batch, items: current.items.filter((_, i) => i === 0) };
      },
    });
    await bulk.start();
    expect(model().view).toBe('batch');
    expect(model().items).toHaveLength(3);
    current = { batch: batch({ rev: 2, counts: counts({ waiting: 2, made: 1 }) }), items: [item(0, 'made', 'http://s/0'), item(1, 'waiting'), item(2, 'waiting')] };
    tell({ id: 'b1', state: 'running', counts: current.batch.counts, rev: 2 });
    await until((m) => m.batch?.rev === 2);
    expect(asked).toEqual([0, 0, 1]);
    expect(model().items.map((i) => i.state)).toEqual(['made', 'waiting', 'waiting']);
    // One settled in a second: two more take about two.
    expect(model().timeLeftMs).toBe(2000);
    await bulk.replaceInText();
    expect(model().replaced).toEqual({ text: 'x http://s/0 y', count: 1, refused: 0 });
  });

  it('Cancel says how many were made; New batch forgets the batch', async () => {
    let state: Batch['state'] = 'running';
    const { bulk, model, fake } = setup({
      bulkBatch: () => ({ batch: batch({ state }), items: [item(0, 'made', 'http://s/0'), item(1, 'waiting'), item(2, 'waiting')] }),
      bulkCancel: () => ((state = 'cancelled'), { made: 1, reused: 0, cancelled: 2 }),
    });
    await bulk.start();
    await bulk.cancel();
    expect(model().cancelled).toEqual({ made: 1, reused: 0, cancelled: 2 });
    expect(model().batch?.state).toBe('cancelled');
    expect(fake.sent.find((m) => m.type === 'bulkCancel')?.data).toEqual({ id: 'b1' });
    await bulk.newBatch();
    expect(fake.sent.filter((m) => m.type === 'bulkClear').map((m) => m.data)).toEqual([{ id: 'b1' }]);
    expect(model()).toMatchObject({ view: 'compose', batch: null, items: [], text: '' });
  });

  it('a busy answer offers the running batch; a refusal is shown', async () => {
    const { bulk, model, until } = setup({
      bulkStart: () => ({ status: 'busy' }),
    });
    await bulk.start();
    bulk.setText('https://a.example/');
    await until((m) => m.analysis !== null);
    await bulk.shorten();
    expect(model().busy).toBe(true);
    expect(model().view).toBe('compose');
  });
});
