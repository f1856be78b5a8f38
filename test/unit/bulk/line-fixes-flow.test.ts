/**
 * The bulk page's controller with a real-looking pasted list (issue 33):
 * every link-like line named, Use it, new and reused counted apart, how
 * "already shortened" was checked, the batch's cleaning switch, and the
 * problem lines kept after the run.
 */
import { describe, expect, it } from 'vitest';
import { createBulkController, type BulkModel } from '../../../lib/bulk/controller';
import { newAndReused } from '../../../lib/bulk/new-and-reused';
import { bulkShortenLabel } from '../../../lib/bulk/bulk-text';
import { knownCheckText } from '../../../lib/bulk/bulk-line-text';
import type { AnswerOf, RequestOf } from '../../../lib/messaging/send-message';
import { useCatalogue } from '../fixtures/catalogue';
import { fakeSend, settled, type Answers } from '../fixtures/fake-send';

const SETTINGS: AnswerOf<'getSettings'> = {
  connection: { baseUrl: 'https://go.acme.example/api', token: 't', workspaceId: 'demo' },
  preferences: { autoShorten: true, copyToClipboard: true, keywordType: 'HASH', defaultDomain: '', notifyQueued: true, defaultTags: [], theme: 'system', cleanLinks: true, samePageIgnoresCampaign: false },
};

const PASTED = [
  'https://acme-events.example/spring?fbclid=IwAR0x',
  'htps://typo.example/spring',
  'www.acme-events.example/tickets',
  'https://acme-events.example/gallery',
  'ftp://files.example/brochure.pdf',
  'See you all in May!',
].join('\n');

const KNOWN_TICKETS = 'https://go.acme.example/Tix1846';

function setup(answers: Answers = {}) {
  const models: BulkModel[] = [];
  const fake = fakeSend({
    getSettings: () => SETTINGS,
    bulkBatch: () => ({ batch: null, items: [] }),
    bulkKnown: ({ urls }) => ({
      status: 'done',
      links: urls.filter((u) => u === 'https://www.acme-events.example/tickets').map((url) => ({ url, shortUrl: KNOWN_TICKETS })),
      cleaned: urls.filter((u) => u.includes('fbclid')).map((url) => ({ url, longUrl: url.replace(/\?fbclid=.*/, '') })),
      seen: 12,
      reached: true,
    }),
    listTags: () => ({ status: 'done', tags: [] }),
    domainChoices: () => ({ status: 'done', domains: [], defaultDomain: '' }),
    bulkStart: () => ({ status: 'done', id: 'b1' }),
    ...answers,
  });
  const bulk = createBulkController({
    send: fake.send,
    onChange: (m) => models.push(m),
    takeInput: async () => null,
    watchStatus: () => () => undefined,
    yieldNow: () => Promise.resolve(),
    now: () => 0,
    analyseDelayMs: 0,
  });
  const model = () => models.at(-1)!;
  const until = async (check: (m: BulkModel) => boolean) => {
    for (let i = 0; i < 50 && !check(model()); i += 1) await settled();
    expect(check(model())).toBe(true);
  };
  return { bulk, fake, model, until };
}

describe('a pasted list names every line', () => {
  it('lists the scheme typo and the bare www. with their fixes beside the ftp: line; Use it fixes a line', async () => {
    useCatalogue();
    const { bulk, model, until } = setup();
    await bulk.start();
    bulk.setText(PASTED);
    await until((m) => m.analysis !== null && m.knownCheck.state === 'checked');
    const { analysis } = model();
    expect(analysis!.list.valid.map((e) => e.url)).toEqual(['https://acme-events.example/spring?fbclid=IwAR0x', 'https://acme-events.example/gallery']);
    expect(analysis!.list.refused.map((r) => [r.line, r.problem])).toEqual([[5, 'scheme']]);
    expect(analysis!.lines.map((p) => [p.line, p.fix])).toEqual([
      [2, 'https://typo.example/spring'],
      [3, 'https://www.acme-events.example/tickets'],
    ]);

    bulk.useFix(analysis!.lines[1]!);
    await until((m) => m.analysis?.list.valid.length === 3 && m.knownCheck.state === 'checked');
    expect(model().text.split('\n')[2]).toBe('https://www.acme-events.example/tickets');
    expect(model().analysis!.lines.map((p) => p.line)).toEqual([2]);
    // The line fixed is a link the workspace has: reused, counted apart from the new ones.
    expect(model().known).toEqual({ 'https://www.acme-events.example/tickets': KNOWN_TICKETS });
    expect(newAndReused(model().analysis!.list, model().known, false)).toEqual({ fresh: 2, reused: 1 });
    expect(bulkShortenLabel(2, 1)).toBe('Shorten 2 new, reuse 1');
    expect(newAndReused(model().analysis!.list, model().known, true)).toEqual({ fresh: 3, reused: 0 });

    bulk.useFix(model().analysis!.lines[0]!);
    await until((m) => m.analysis?.list.valid.length === 4 && m.analysis.lines.length === 0);
  });

  it('a text of broken links only is not "no links": its lines are listed', async () => {
    const { bulk, model, until } = setup();
    await bulk.start();
    bulk.setText('htps://typo.example/spring');
    await until((m) => m.analysis !== null && !m.analysing);
    expect(model().problem).toBeNull();
    expect(model().analysis!.lines).toHaveLength(1);
  });

  it('keeps the problem lines after the run, and lists them again for a batch reopened with its text', async () => {
    const batch = { id: 'b1', state: 'done' as const, createdAt: 0, total: 2, counts: { waiting: 0, made: 2, reused: 0, failed: 0, cancelled: 0 }, rev: 1, customDomain: null, tags: [], fresh: false };
    let kept: typeof batch | null = null;
    const { bulk, model, until } = setup({ bulkBatch: () => ({ batch: kept, items: [] }) });
    await bulk.start();
    bulk.setText(PASTED);
    await until((m) => m.knownCheck.state === 'checked');
    const reopened = setup({ bulkBatch: () => ({ batch, items: [], text: { value: PASTED, format: 'text' } }) });
    await reopened.bulk.start();
    await reopened.until((m) => m.view === 'batch' && m.analysis !== null);
    expect(reopened.model().analysis!.lines.map((p) => p.line)).toEqual([2, 3]);
    expect(reopened.model().analysis!.list.refused.map((r) => r.line)).toEqual([5]);

    // The page it was pasted in: shortened, its list stays with the batch.
    kept = batch;
    await bulk.shorten();
    expect(model().view).toBe('batch');
    expect(model().analysis!.lines.map((p) => p.line)).toEqual([2, 3]);
  });
});

describe('"already shortened" and cleaning, as the batch will do them', () => {
  it('the switch starts as the profile\'s setting; flipped, the list is looked up again and the batch is sent with it', async () => {
    const { bulk, model, until, fake } = setup();
    await bulk.start();
    expect(model().cleanDefault).toBe(true);
    bulk.setText(PASTED);
    await until((m) => m.knownCheck.state === 'checked');
    expect(model().cleaned).toEqual({ 'https://acme-events.example/spring?fbclid=IwAR0x': 'https://acme-events.example/spring' });
    const firstAsk = fake.sent.filter((m) => m.type === 'bulkKnown').at(-1)!.data as RequestOf<'bulkKnown'>;
    expect(firstAsk).not.toHaveProperty('clean');
    await bulk.setClean(false);
    expect((fake.sent.filter((m) => m.type === 'bulkKnown').at(-1)!.data as RequestOf<'bulkKnown'>).clean).toBe(false);
    await bulk.shorten();
    expect(fake.sent.find((m) => m.type === 'bulkStart')!.data).toMatchObject({ clean: false });
  });

  it('says how it checked: the newest read, only what was seen, nothing, or not at all', async () => {
    useCatalogue();
    const offline = setup({ bulkKnown: () => ({ status: 'done', links: [], cleaned: [], seen: 0, reached: false }) });
    await offline.bulk.start();
    offline.bulk.setText('https://a.example/');
    await offline.until((m) => m.knownCheck.state === 'checked');
    expect(knownCheckText(offline.model().knownCheck, 'go.acme.example')).toBe(
      "Could not check which links are already shortened: go.acme.example can't be reached and this browser has seen no links of this workspace yet. Every link counts as new.",
    );
    expect(knownCheckText({ state: 'checked', seen: 12, reached: false }, 'go.acme.example')).toMatch(/^go\.acme\.example can't be reached, so .* 12 links /);
    expect(knownCheckText({ state: 'checked', seen: 1, reached: true }, 'x')).toMatch(/the 1 link of this workspace/);

    const broken = setup({
      bulkKnown: () => {
        throw new Error('the background is gone');
      },
    });
    await broken.bulk.start();
    broken.bulk.setText('https://a.example/');
    await broken.until((m) => m.knownCheck.state === 'failed');
    expect(knownCheckText(broken.model().knownCheck, 'x')).toBe('Could not check which links are already shortened. Every link counts as new.');
  });

  it('an empty page offers no "Shorten 0 links"', () => {
    useCatalogue();
    expect(bulkShortenLabel(0, 0)).toBe('Shorten links');
    expect(bulkShortenLabel(1)).toBe('Shorten 1 link');
    expect(bulkShortenLabel(15, 4)).toBe('Shorten 15 new, reuse 4');
    expect(bulkShortenLabel(0, 4)).toBe('Reuse 4 links');
  });
});
