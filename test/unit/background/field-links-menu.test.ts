/**
 * "Shorten the links in this text box": the field read in its frame, each
 * distinct URL shortened once by the shared flow, the field written back in
 * one edit only while it still holds what was read, the bulk page for more
 * than 50, and a notification counting what changed.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FieldAnswer, FieldOp } from '../../../lib/background/menus/field-edit';
import { shortenFieldLinks, type FieldLinksDeps } from '../../../lib/background/menus/field-links-menu';
import type { ShortenRequest } from '../../../lib/background/links/shorten';
import type { BulkInput } from '../../../lib/batch/bulk-input';
import type { ShortenAnswer } from '../../../lib/messaging/send-message';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import type { Connection } from '../../../lib/storage/settings';
import { useCatalogue } from '../fixtures/catalogue';

const CONN: Connection = { ...SETTINGS_DEFAULTS.connection, baseUrl: 'https://sho.rt/api', token: 't', workspaceId: 'w' };
const PLACE = { tabId: 7, frameId: 0 };
const shortFor = (url: string) => `https://sho.rt/${url.replace(/\W/g, '').slice(-7)}`;

let shown: { title: string; message: string }[];

function setup(read: FieldAnswer | null, over: { answers?: Record<string, ShortenAnswer>; write?: FieldAnswer | null; conn?: Connection } = {}) {
  const requests: ShortenRequest[] = [];
  const ops: FieldOp[] = [];
  const bulk: BulkInput[] = [];
  const deps = {
    shorten: vi.fn(async (request: ShortenRequest): Promise<ShortenAnswer> => {
      requests.push(request);
      return over.answers?.[request.url] ?? { status: 'done', link: { shortUrl: shortFor(request.url), longUrl: request.url, linkId: 'l', createdDate: '2026-11-23T00:00:00.000Z' }, fromCache: false };
    }),
    clipboard: { copy: vi.fn(async () => true) },
    getConnection: async () => over.conn ?? CONN,
    edit: vi.fn(async (_place, op: FieldOp) => {
      ops.push(op);
      return op.op === 'read' ? read : 'write' in over ? over.write! : ({ status: 'done', how: 'typed' } as const);
    }),
    openBulk: vi.fn(async (input: BulkInput) => {
      bulk.push(input);
    }),
  } satisfies FieldLinksDeps;
  return { deps, requests, ops, bulk };
}

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
  shown = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string, options: { title: string; message: string }) => {
    shown.push({ title: options.title, message: options.message });
    return id;
  }) as never);
});

const TEXT = 'Agenda https://a.example/one, notes https://b.example/two and https://a.example/one again; https://sho.rt/Own';

describe('shorten the links in this text box', () => {
  it('shortens each distinct URL once and writes the whole value back in one edit, while it is still what was read', async () => {
    const { deps, requests, ops } = setup({ status: 'plain', text: TEXT });
    expect(await shortenFieldLinks(PLACE, deps)).toBe('written');
    expect(requests).toEqual([
      { url: 'https://a.example/one', keywordType: 'HASH', copy: false, strict: true },
      { url: 'https://b.example/two', keywordType: 'HASH', copy: false, strict: true },
    ]);
    const a = shortFor('https://a.example/one');
    const b = shortFor('https://b.example/two');
    expect(ops).toEqual([
      { op: 'read', maxChars: 2 * 1024 * 1024 },
      { op: 'write-plain', expected: TEXT, text: `Agenda ${a}, notes ${b} and ${a} again; https://sho.rt/Own` },
    ]);
    expect(shown).toEqual([{ title: 'Links in the text box shortened', message: "3 links replaced, 1 can't be shortened." }]);
  });

  it("writes a rich editor's changed text nodes, checked against every text node read", async () => {
    const segments = [
      { at: 0, text: 'Our ', breakBefore: false },
      { at: 1, text: 'https://a.example/one', breakBefore: false },
      { at: 3, text: 'Also https://b.example/two.', breakBefore: true },
    ];
    const { deps, ops } = setup({ status: 'rich', total: 4, segments });
    expect(await shortenFieldLinks(PLACE, deps)).toBe('written');
    const a = shortFor('https://a.example/one');
    const b = shortFor('https://b.example/two');
    expect(ops[1]).toEqual({
      op: 'write-rich',
      total: 4,
      expected: segments.map(({ at, text }) => ({ at, text })),
      changes: [
        { at: 1, text: a, links: [{ url: 'https://a.example/one', short: a }] },
        { at: 3, text: `Also ${b}.`, links: [{ url: 'https://b.example/two', short: b }] },
      ],
      after: `Our ${a}Also ${b}.`,
    });
    expect(shown[0]!.message).toBe('2 links replaced.');
  });

  it('the user typed meanwhile, or the page refused: nothing is overwritten, and the text with its short links is copied', async () => {
    for (const [write, why] of [
      [{ status: 'changed' }, 'The text changed while its links were being shortened, so nothing was overwritten.'],
      [{ status: 'refused', reason: 'blocked' }, "This page didn't let Shortlink write in the field."],
      [null, "Shortlink can't write in this part of the page."],
    ] as const) {
      shown = [];
      const { deps } = setup({ status: 'plain', text: 'See https://a.example/one' }, { write });
      expect(await shortenFieldLinks(PLACE, deps)).toBe('copied');
      expect(deps.clipboard.copy).toHaveBeenCalledWith(`See ${shortFor('https://a.example/one')}`);
      expect(shown).toEqual([
        { title: 'Text box left as it was', message: `${why} 1 link replaced. The text with its short links is copied: paste it in place of the old one.` },
      ]);
    }
  });

  it('counts the links that wait for the service and those it refused, and writes the rest', async () => {
    const { deps, ops } = setup(
      { status: 'plain', text: 'https://a.example/one https://b.example/two https://c.example/three https://b.example/two' },
      {
        answers: {
          'https://b.example/two': { status: 'queued', itemId: 'q' },
          'https://c.example/three': { status: 'error', error: { kind: 'service', code: 'LINK_BLOCKED', message: 'Blocked by the service.' } },
        },
      },
    );
    expect(await shortenFieldLinks(PLACE, deps)).toBe('written');
    expect(ops[1]).toMatchObject({ text: `${shortFor('https://a.example/one')} https://b.example/two https://c.example/three https://b.example/two` });
    expect(shown[0]!.message).toMatch(
      /^1 link replaced, 2 wait for your service, 1 failed\. They will be made when your service is back: use “Shorten the links in this text box” again then\. ./,
    );
  });

  it('more than 50 distinct URLs: the bulk page opens with the text, nothing is sent or written', async () => {
    const text = Array.from({ length: 51 }, (_, i) => `https://a.example/${i}`).join('\n');
    const { deps, ops, bulk } = setup({ status: 'plain', text });
    expect(await shortenFieldLinks(PLACE, deps)).toBe('bulk');
    expect(bulk).toEqual([{ source: 'selection', entries: [], text }]);
    expect(deps.shorten).not.toHaveBeenCalled();
    expect(ops).toHaveLength(1);
  });

  it.each<[FieldAnswer | null, string]>([
    [{ status: 'plain', text: 'No address here.' }, 'This text box holds no web address.'],
    [{ status: 'plain', text: 'Only javascript:alert(1)' }, "1 can't be shortened."],
    [{ status: 'refused', reason: 'read-only' }, "This field can't be changed."],
    [{ status: 'no-field' }, 'No text box has the focus. Click in one, then choose “Shorten the links in this text box” again.'],
    [null, "Shortlink can't write in this part of the page."],
  ])('the field answers %j: nothing is sent, and the notification says %s', async (read, words) => {
    const { deps, ops } = setup(read);
    await shortenFieldLinks(PLACE, deps);
    expect(deps.shorten).not.toHaveBeenCalled();
    expect(ops).toHaveLength(1);
    expect(shown).toEqual([{ title: 'No link replaced', message: words }]);
  });

  it('not connected: says so, reads nothing', async () => {
    const { deps } = setup({ status: 'plain', text: TEXT }, { conn: SETTINGS_DEFAULTS.connection });
    expect(await shortenFieldLinks(PLACE, deps)).toBe('not-connected');
    expect(deps.edit).not.toHaveBeenCalled();
  });

  it('more text than the bulk page takes is refused in words', async () => {
    const { deps } = setup({ status: 'plain', text: 'x'.repeat(2 * 1024 * 1024 + 1) });
    expect(await shortenFieldLinks(PLACE, deps)).toBe('too-long');
    expect(deps.shorten).not.toHaveBeenCalled();
  });
});
