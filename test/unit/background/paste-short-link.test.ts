/**
 * "Paste as short link" from the menu and the shortcut: the permission
 * asked for first, the clipboard judged before anything is sent, the link
 * made as the menu's shorten items make theirs (queued and copied later when
 * the service is out of reach), written at the caret, or copied with the
 * reason when the field refuses it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FieldAnswer, FieldOp, FieldPlace } from '../../../lib/background/menus/field-edit';
import { pasteFromMenu, pasteFromShortcut, type PasteDeps } from '../../../lib/background/menus/paste-short-link';
import type { ShortenRequest } from '../../../lib/background/links/shorten';
import type { ShortenAnswer } from '../../../lib/messaging/send-message';
import { CLIPBOARD_READ_LIMIT } from '../../../lib/menus/clipboard-url';
import { useCatalogue } from '../fixtures/catalogue';

const LINK = { shortUrl: 'http://127.0.0.1:8787/Ab3dE7x', longUrl: 'https://example.com/a', linkId: 'lnk_1', createdDate: '2026-11-23T00:00:00.000Z' };
const DONE: ShortenAnswer = { status: 'done', link: LINK, fromCache: false };

let shown: { id: string; title: string; message: string }[];

function setup(over: { access?: boolean; clipboard?: string | null; answer?: ShortenAnswer; field?: FieldAnswer | null; copyWorks?: boolean } = {}) {
  const requests: ShortenRequest[] = [];
  const edits: { place: FieldPlace; op: FieldOp }[] = [];
  const deps = {
    shorten: vi.fn(async (request: ShortenRequest) => {
      requests.push(request);
      return over.answer ?? DONE;
    }),
    clipboard: {
      read: vi.fn(async () => ('clipboard' in over ? over.clipboard! : 'https://example.com/a')),
      copy: vi.fn(async () => over.copyWorks ?? true),
    },
    hasAccess: vi.fn(async () => over.access ?? true),
    askAccess: vi.fn(async () => undefined),
    edit: vi.fn(async (place: FieldPlace, op: FieldOp) => {
      edits.push({ place, op });
      return 'field' in over ? over.field! : ({ status: 'done', how: 'typed' } as const);
    }),
    focused: vi.fn(async (tabId: number) => ({ place: { tabId, frameId: 2 } })),
  } satisfies PasteDeps;
  return { deps, requests, edits };
}

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
  shown = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string, options: { title: string; message: string }) => {
    shown.push({ id, title: options.title, message: options.message });
    return id;
  }) as never);
});

describe('paste as short link', () => {
  it("writes the clipboard address's short link at the caret of the clicked frame's field, as the menu's items make links", async () => {
    const { deps, requests, edits } = setup();
    expect(await pasteFromMenu({ id: 7 }, 3, deps)).toBe('inserted');
    expect(deps.clipboard.read).toHaveBeenCalledWith(CLIPBOARD_READ_LIMIT);
    // Copied when made, if it waits in the queue; refused when cleaning or the site rule would make it invalid.
    expect(requests).toEqual([{ url: 'https://example.com/a', keywordType: 'HASH', copy: true, strict: true }]);
    expect(edits).toEqual([{ place: { tabId: 7, frameId: 3 }, op: { op: 'insert', link: LINK.shortUrl } }]);
    expect(deps.clipboard.copy).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('the shortcut writes in the field that has the focus, in whichever frame', async () => {
    const { deps, edits } = setup();
    expect(await pasteFromShortcut({ id: 9 }, deps)).toBe('inserted');
    expect(deps.focused).toHaveBeenCalledWith(9);
    expect(edits[0]!.place).toEqual({ tabId: 9, frameId: 2 });
  });

  it('without the clipboard permission, opens the page that asks for it; nothing is read or sent', async () => {
    const { deps } = setup({ access: false });
    expect(await pasteFromMenu({ id: 7 }, 0, deps)).toBe('asked-access');
    expect(deps.askAccess).toHaveBeenCalledTimes(1);
    expect(deps.clipboard.read).not.toHaveBeenCalled();
    expect(deps.shorten).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('the shortcut outside any field reads nothing and says so', async () => {
    const { deps } = setup();
    deps.focused.mockResolvedValue({ missing: 'no-field' } as never);
    expect(await pasteFromShortcut({ id: 9 }, deps)).toBe('no-field');
    expect(deps.clipboard.read).not.toHaveBeenCalled();
    expect(shown).toEqual([{ id: expect.stringMatching(/^shortlink-paste-/), title: 'Nothing pasted', message: 'No text field has the focus. Click in one, then paste again.' }]);
  });

  it.each([
    ['see the article', 'The clipboard holds no web address.'],
    ['https://a.example/ https://b.example/', 'The clipboard holds more than one web address.'],
    [null, 'The clipboard could not be read.'],
    ['x'.repeat(CLIPBOARD_READ_LIMIT + 1), 'The clipboard holds more than 65,536 characters'],
  ])('a clipboard holding %j is refused in words; nothing is sent or written', async (clipboard, words) => {
    const { deps } = setup({ clipboard });
    expect(await pasteFromMenu({ id: 7 }, 0, deps)).toBe('refused-clipboard');
    expect(deps.shorten).not.toHaveBeenCalled();
    expect(deps.edit).not.toHaveBeenCalled();
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('Nothing pasted');
    expect(shown[0]!.message.startsWith(words)).toBe(true);
  });

  it('offline: nothing is written, and the notification says the link waits and will be copied', async () => {
    const { deps } = setup({ answer: { status: 'queued', itemId: 'q1' } });
    expect(await pasteFromMenu({ id: 7 }, 0, deps)).toBe('queued');
    expect(deps.edit).not.toHaveBeenCalled();
    expect(shown.map((s) => [s.title, s.message])).toEqual([
      ['Link saved for later', 'Nothing was pasted: https://example.com/a will be shortened when your service is back, and its short link copied then. Settings lists what is waiting.'],
    ]);
  });

  it('an address that cleaning or the site rule makes invalid is refused in words; the field is left alone', async () => {
    const { deps } = setup({ answer: { status: 'invalid-url', problem: 'own-host', planned: true } });
    expect(await pasteFromMenu({ id: 7 }, 0, deps)).toBe('not-made');
    expect(deps.edit).not.toHaveBeenCalled();
    expect(shown[0]!.message).toBe(
      "Nothing was pasted: your cleaning or site rule turns https://example.com/a into an address that can't be shortened. This link can't be shortened: it is already one of your short links.",
    );
  });

  it('a short link that is not a plain address is never written into the page', async () => {
    const { deps } = setup({ answer: { status: 'done', link: { ...LINK, shortUrl: 'http://x.example/"><img>' }, fromCache: true } });
    expect(await pasteFromMenu({ id: 7 }, 0, deps)).toBe('not-made');
    expect(deps.edit).not.toHaveBeenCalled();
    expect(deps.clipboard.copy).not.toHaveBeenCalled();
  });

  it.each<[FieldAnswer | null, string]>([
    [{ status: 'refused', reason: 'read-only' }, "This field can't be changed."],
    [{ status: 'refused', reason: 'blocked' }, "This page didn't let Shortlink write in the field."],
    [{ status: 'refused', reason: 'not-text' }, "This field doesn't take a web address."],
    [{ status: 'no-field' }, 'No text field has the focus.'],
    [null, "Shortlink can't write in this part of the page."],
  ])('a field that answers %j is left alone: the link is copied and the notification says why', async (field, why) => {
    const { deps } = setup({ field });
    expect(await pasteFromMenu({ id: 7 }, 0, deps)).toBe('copied');
    expect(deps.clipboard.copy).toHaveBeenCalledWith(LINK.shortUrl);
    expect(shown.map((s) => s.title)).toEqual(['Short link copied, not pasted']);
    expect(shown[0]!.message.startsWith(why)).toBe(true);
    expect(shown[0]!.message.endsWith(`${LINK.shortUrl} → ${LINK.longUrl} (copied to the clipboard) Paste it where you want it.`)).toBe(true);
  });

  it('a frame of another site (the shortcut finds the focus there): the link is made and copied', async () => {
    const { deps } = setup();
    deps.focused.mockResolvedValue({ missing: 'unreachable' } as never);
    expect(await pasteFromShortcut({ id: 9 }, deps)).toBe('copied');
    expect(deps.edit).not.toHaveBeenCalled();
    expect(shown[0]!.message.startsWith("Shortlink can't write in this part of the page.")).toBe(true);
  });

  it('a link set in the field directly (not as typed) is said, since the page\'s Undo may not take it back', async () => {
    const { deps } = setup({ field: { status: 'done', how: 'set' } });
    expect(await pasteFromMenu({ id: 7 }, 0, deps)).toBe('inserted');
    expect(shown.map((s) => [s.title, s.message])).toEqual([
      ['Short link pasted', `${LINK.shortUrl} → ${LINK.longUrl} The page did not take it as typed text, so its Undo may not remove it.`],
    ]);
  });
});
