import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkMenuClick } from '../../../lib/background/menus/bulk-menus';
import { BULK_ACTION_MENU, BULK_SELECTION_MENU, menuItems, statsItem, STATS_MENU_ID } from '../../../lib/background/menus/menu-items';
import { takeBulkInput } from '../../../lib/batch/bulk-input';
import { useCatalogue } from '../fixtures/catalogue';

type Scripting = { executeScript: (opts: unknown) => Promise<{ result: unknown }[]> };

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

/** The fake browser has no scripting API: the page's answer (or its refusal) is given here. */
function scripting(run: (opts: unknown) => Promise<{ result: unknown }[]>) {
  const api: Scripting = { executeScript: vi.fn(run) };
  (fakeBrowser as unknown as { scripting: Scripting }).scripting = api;
  return api;
}

async function opened(): Promise<string[]> {
  return vi.waitFor(async () => {
    const tabs = (await fakeBrowser.tabs.query({})).map((tab) => tab.url ?? '');
    expect(tabs.some((url) => url.endsWith('/bulk.html'))).toBe(true);
    return tabs;
  });
}

describe('the bulk page from the context menu', () => {
  it('offers "Shorten links in selection" on selections and "Shorten many links…" on the toolbar button', () => {
    expect(menuItems().filter((item) => item.id === BULK_SELECTION_MENU || item.id === BULK_ACTION_MENU)).toEqual([
      { id: BULK_SELECTION_MENU, title: 'Shorten links in selection', contexts: ['selection'] },
      { id: BULK_ACTION_MENU, title: 'Shorten many links…', contexts: ['action'] },
    ]);
  });

  it('every item of the context menu is declared once, in one place, each id once', () => {
    const ids = [...menuItems(), statsItem()].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(STATS_MENU_ID);
  });

  it('reads the selection in its frame of the clicked tab, and opens the bulk page with its links and text', async () => {
    const api = scripting(async () => [{ result: { entries: [{ url: 'https://a.example/', title: 'A' }, { url: 'javascript:void 0', title: '' }], text: 'see https://b.example/' } }]);
    expect(bulkMenuClick({ menuItemId: BULK_SELECTION_MENU, frameId: 3, selectionText: 'see' }, { id: 7 }, (e) => { throw e; })).toBe(true);
    await opened();
    expect(api.executeScript).toHaveBeenCalledWith(expect.objectContaining({ target: { tabId: 7, frameIds: [3] } }));
    expect(await takeBulkInput()).toEqual({
      source: 'selection',
      entries: [{ url: 'https://a.example/', title: 'A' }, { url: 'javascript:void 0' }],
      text: 'see https://b.example/',
    });
    // Read once.
    expect(await takeBulkInput()).toBeNull();
  });

  it('a page that cannot be scripted gives the selected text the click carried', async () => {
    scripting(async () => {
      throw new Error('Cannot access contents of the page');
    });
    bulkMenuClick({ menuItemId: BULK_SELECTION_MENU, selectionText: 'https://c.example/ and more' }, { id: 1 }, (e) => { throw e; });
    await opened();
    expect(await takeBulkInput()).toEqual({ source: 'selection', entries: [], text: 'https://c.example/ and more' });
  });

  it('the toolbar item opens the page with nothing left for it; other items are not its', async () => {
    expect(bulkMenuClick({ menuItemId: BULK_ACTION_MENU }, undefined, (e) => { throw e; })).toBe(true);
    await opened();
    expect(await takeBulkInput()).toBeNull();
    expect(bulkMenuClick({ menuItemId: 'shortlink-shorten-page' }, undefined, () => undefined)).toBe(false);
  });
});
