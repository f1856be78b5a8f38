/**
 * The context menu's shorten items and the shorten-and-copy shortcut: what is
 * sent, what is copied, and what the notification says, for each outcome.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Clipboard } from '../../../lib/background/clipboard';
import { quickShorten, type QuickShortenDeps } from '../../../lib/background/menus/quick-shorten';
import { shortenFromShortcut } from '../../../lib/background/menus/shortcut-command';
import type { ShortenAnswer } from '../../../lib/messaging/send-message';
import { menuTarget, SHORTEN_LINK_MENU, SHORTEN_PAGE_MENU, SHORTEN_SELECTION_MENU } from '../../../lib/menus/quick-target';
import type { ShortenRequest } from '../../../lib/background/links/shorten';
import { useCatalogue } from '../fixtures/catalogue';

const LINK = { shortUrl: 'http://127.0.0.1:8787/Ab3dE7x', longUrl: 'https://example.com/a', linkId: 'lnk_1', createdDate: '2026-11-23T00:00:00.000Z' };

let shown: { id: string; title: string; message: string }[];

function setup(answer: ShortenAnswer, over: { copies?: boolean; copyWorks?: boolean } = {}) {
  const requests: ShortenRequest[] = [];
  const clipboard = { copy: vi.fn(async () => over.copyWorks ?? true) } satisfies Clipboard;
  const deps: QuickShortenDeps & { onError: (e: unknown) => void } = {
    shorten: async (request) => {
      requests.push(request);
      return answer;
    },
    clipboard,
    wantsCopy: async () => over.copies ?? true,
    onError: (e) => {
      throw e;
    },
  };
  return { deps, requests, clipboard };
}

const menu = { alwaysCopy: false, idPrefix: 'shortlink-menu' };

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
  shown = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string, options: { title: string; message: string }) => {
    shown.push({ id, title: options.title, message: options.message });
    return id;
  }) as never);
});

describe('context menu items', () => {
  it.each([
    [{ menuItemId: SHORTEN_LINK_MENU, linkUrl: 'https://example.com/a', pageUrl: 'https://other.example/' }],
    [{ menuItemId: SHORTEN_PAGE_MENU, pageUrl: 'https://example.com/a' }],
    [{ menuItemId: SHORTEN_SELECTION_MENU, selectionText: 'https://example.com/a.', pageUrl: 'https://other.example/' }],
  ])('%j shortens its address, copies the link and shows it', async (click) => {
    const { deps, requests, clipboard } = setup({ status: 'done', link: LINK, fromCache: false });
    const target = menuTarget(click);
    expect(target).not.toBeNull();
    if (target === null) return;
    await quickShorten(target, deps, menu);
    expect(requests).toEqual([{ url: 'https://example.com/a', keywordType: 'HASH' }]);
    expect(clipboard.copy).toHaveBeenCalledWith(LINK.shortUrl);
    expect(shown).toEqual([
      { id: expect.stringMatching(/^shortlink-menu-\d+$/), title: 'Short link ready', message: `${LINK.shortUrl} → ${LINK.longUrl} (copied to the clipboard)` },
    ]);
  });

  it('says what cleaning removed and which site rule applied, as the popup does', async () => {
    const answer: ShortenAnswer = {
      status: 'done',
      link: LINK,
      fromCache: false,
      cleaned: { original: `${LINK.longUrl}?fbclid=1&gclid=2`, removed: ['fbclid', 'gclid'], unwrappedFrom: null },
      rule: { pattern: 'example.com', index: 0, template: 'Newsletter' },
    };
    const { deps } = setup(answer);
    await quickShorten({ ok: true, url: answer.cleaned!.original }, deps, menu);
    expect(shown[0]?.message).toBe(
      `${LINK.shortUrl} → ${LINK.longUrl} (copied to the clipboard) Removed fbclid and gclid. Rule for example.com applied, with the template “Newsletter”.`,
    );
  });

  it('leaves the clipboard alone when the user does not want copies', async () => {
    const { deps, clipboard } = setup({ status: 'done', link: LINK, fromCache: true }, { copies: false });
    await quickShorten({ ok: true, url: LINK.longUrl }, deps, menu);
    expect(clipboard.copy).not.toHaveBeenCalled();
    expect(shown[0]?.message).toBe(`${LINK.shortUrl} → ${LINK.longUrl}`);
  });

  it('says the link is queued when the service cannot be reached', async () => {
    const { deps, clipboard } = setup({ status: 'queued', itemId: 'q1' });
    await quickShorten({ ok: true, url: LINK.longUrl }, deps, menu);
    expect(clipboard.copy).not.toHaveBeenCalled();
    expect(shown).toEqual([
      {
        id: expect.stringMatching(/^shortlink-menu-/),
        title: 'Link saved for later',
        message: 'https://example.com/a will be shortened when your service is back. Settings lists what is waiting.',
      },
    ]);
  });

  it.each([
    [{ menuItemId: SHORTEN_SELECTION_MENU, selectionText: 'not an address at all' }, 'The selected text is not a web address.'],
    [{ menuItemId: SHORTEN_LINK_MENU, linkUrl: 'javascript:alert(document.cookie)' }, "This link can't be shortened:"],
    [{ menuItemId: SHORTEN_LINK_MENU, linkUrl: 'data:text/html,<script>x</script>' }, "This link can't be shortened:"],
    [{ menuItemId: SHORTEN_PAGE_MENU, pageUrl: 'chrome://extensions/' }, "This link can't be shortened:"],
  ])('refuses %j with a clear notification and sends nothing', async (click, words) => {
    const { deps, requests } = setup({ status: 'done', link: LINK, fromCache: false });
    const target = menuTarget(click);
    if (target === null) throw new Error('not a shorten item');
    await quickShorten(target, deps, menu);
    expect(requests).toEqual([]);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('Could not shorten the link');
    expect(shown[0]?.message).toContain(words);
  });

  it('words a refusal of the service', async () => {
    const { deps } = setup({ status: 'error', error: { kind: 'unauthorized', message: 'x' } });
    await quickShorten({ ok: true, url: LINK.longUrl }, deps, menu);
    expect(shown[0]?.title).toBe('Could not shorten the link');
    expect(shown[0]?.message).toMatch(/token/i);
  });

  it('tells an unconnected user to connect', async () => {
    const { deps } = setup({ status: 'not-configured' });
    await quickShorten({ ok: true, url: LINK.longUrl }, deps, menu);
    expect(shown[0]?.message).toBe('Connect the extension to your link-shortening service first.');
  });
});

describe('the shorten-and-copy shortcut', () => {
  it('shortens the tab it was pressed on and copies, whatever the copy preference', async () => {
    const { deps, requests, clipboard } = setup({ status: 'done', link: LINK, fromCache: false }, { copies: false });
    await shortenFromShortcut({ url: 'https://example.com/a' }, deps);
    // copy: true travels with the request, so a queued shorten is copied when it is made.
    expect(requests).toEqual([{ url: 'https://example.com/a', keywordType: 'HASH', copy: true }]);
    expect(clipboard.copy).toHaveBeenCalledWith(LINK.shortUrl);
    expect(shown).toEqual([
      { id: expect.stringMatching(/^shortlink-shortcut-\d+$/), title: 'Short link ready', message: `${LINK.shortUrl} → ${LINK.longUrl} (copied to the clipboard)` },
    ]);
  });

  it('says so when the copy failed', async () => {
    const { deps } = setup({ status: 'done', link: LINK, fromCache: false }, { copyWorks: false });
    await shortenFromShortcut({ url: 'https://example.com/a' }, deps);
    expect(shown[0]?.message).toBe(`${LINK.shortUrl} → ${LINK.longUrl} (could not be copied: open the popup to copy it)`);
  });

  it('asks for the active tab when the browser did not pass it', async () => {
    const { deps, requests } = setup({ status: 'queued', itemId: 'q1' });
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ url: 'https://example.com/from-query' } as never]);
    await shortenFromShortcut(undefined, deps);
    expect(requests[0]?.url).toBe('https://example.com/from-query');
    expect(shown[0]?.title).toBe('Link saved for later');
  });

  it('refuses a browser page and sends nothing', async () => {
    const { deps, requests } = setup({ status: 'done', link: LINK, fromCache: false });
    await shortenFromShortcut({ url: 'chrome://newtab/' }, deps);
    expect(requests).toEqual([]);
    expect(shown[0]?.title).toBe('Could not shorten the link');
  });

  it('says it could not read the address of a tab it may not see', async () => {
    const { deps, requests } = setup({ status: 'done', link: LINK, fromCache: false });
    await shortenFromShortcut({}, deps);
    expect(requests).toEqual([]);
    expect(shown[0]?.message).toBe('The address of this tab could not be read. Open the popup to shorten it.');
  });
});

describe('a broken page, with the destination check on', () => {
  const gone = { state: 'gone', reason: { kind: 'answered', status: 404 } } as const;

  it('the shortcut warns in a notification and makes nothing; the tab is the one asked', async () => {
    const { deps, requests, clipboard } = setup({ status: 'done', link: LINK, fromCache: false });
    const asked: [string, number | undefined][] = [];
    await shortenFromShortcut({ id: 4, url: 'https://example.com/a' }, { ...deps, pageProblem: async (url, tabId) => (asked.push([url, tabId]), gone) });
    expect(asked).toEqual([['https://example.com/a', 4]]);
    expect(requests).toEqual([]);
    expect(clipboard.copy).not.toHaveBeenCalled();
    expect(shown).toEqual([
      expect.objectContaining({ title: 'This page looks broken', message: 'Gone: the page answers 404. No link was made; to shorten it anyway, open Shortlink from the toolbar.' }),
    ]);
  });

  it('"Shorten this page" warns too; "Shorten link" on a link in the page asks nothing of the page', async () => {
    const page = setup({ status: 'done', link: LINK, fromCache: false });
    const target = menuTarget({ menuItemId: SHORTEN_PAGE_MENU, pageUrl: 'https://example.com/a' });
    if (target === null) throw new Error('no target');
    await quickShorten(target, { ...page.deps, pageProblem: async () => gone }, { ...menu, page: { tabId: 3 } });
    expect(page.requests).toEqual([]);
    const link = setup({ status: 'done', link: LINK, fromCache: false });
    const linkTarget = menuTarget({ menuItemId: SHORTEN_LINK_MENU, linkUrl: 'https://example.com/a', pageUrl: 'https://other.example/' });
    if (linkTarget === null) throw new Error('no target');
    const pageProblem = vi.fn(async () => gone);
    await quickShorten(linkTarget, { ...link.deps, pageProblem }, menu);
    expect(pageProblem).not.toHaveBeenCalled();
    expect(link.requests).toHaveLength(1);
  });

  it('a fine page, or a check that fails, is shortened as ever', async () => {
    const fine = setup({ status: 'done', link: LINK, fromCache: false });
    await shortenFromShortcut({ id: 4, url: 'https://example.com/a' }, { ...fine.deps, pageProblem: async () => null });
    expect(fine.requests).toHaveLength(1);
    const broken = setup({ status: 'done', link: LINK, fromCache: false });
    await shortenFromShortcut({ id: 4, url: 'https://example.com/a' }, { ...broken.deps, pageProblem: async () => Promise.reject(new Error('no')) });
    expect(broken.requests).toHaveLength(1);
  });
});
