/**
 * The ways into a link's stats: the popup's Stats buttons and "Show stats"
 * on a link's context menu. Headless Chromium opens the side panel without
 * drawing it (no page target appears), so the panel is seen through
 * `chrome.sidePanel.getOptions` of the tab; a refused panel shows as a tab on
 * the same address (lib/browser/open-stats.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Worker } from 'playwright-core';
import { PICKER_PAGE_SIZE } from '../../lib/background/links/link-analytics';
import { eventually, useExtension } from './fixture';
import { PopupPage } from './pages/popup-page';

interface ChromeForStats {
  chrome: {
    tabs: {
      getCurrent(): Promise<{ id: number; windowId: number } | undefined>;
      query(q: { active: boolean; lastFocusedWindow: boolean }): Promise<{ id: number; windowId: number }[]>;
    };
    sidePanel: { getOptions(o: { tabId: number }): Promise<{ path?: string; enabled?: boolean }> };
    contextMenus: {
      update(id: string, props: Record<string, never>): Promise<void>;
      onClicked: { dispatch(info: Record<string, unknown>, tab?: { id: number; windowId: number }): void };
    };
    notifications: { getAll(): Promise<Record<string, boolean>> };
  };
}

describe('ways into a link\'s stats', () => {
  const h = useExtension({ clipboard: true, connect: true });

  /** The service's own record of a link, with its id. */
  async function serviceLink(shortUrl: string): Promise<{ _id: string; shortUrl: string }> {
    const res = await fetch(`${h.service.url}/api/link?workspaceId=${h.workspaceId}&pageSize=100`, { headers: { authorization: `Bearer ${h.token}` } });
    const body = (await res.json()) as { data: { list: { _id: string; shortUrl: string }[] } };
    const link = body.data.list.find((l) => l.shortUrl === shortUrl);
    assert.ok(link, `${shortUrl} on the service`);
    return link;
  }

  /** A link made straight on the service, so the extension's cache does not know it. */
  async function madeElsewhere(longUrl: string): Promise<{ linkId: string; shortUrl: string }> {
    const res = await fetch(`${h.service.url}/api/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl }),
    });
    const body = (await res.json()) as { data: { linkId: string; shortUrl: string } };
    return body.data;
  }

  const statsTabs = () => h.context.pages().map((p) => p.url()).filter((u) => u.includes('/sidepanel.html'));
  const statsUrl = (linkId: string) => `chrome-extension://${h.extensionId}/sidepanel.html?linkId=${encodeURIComponent(linkId)}`;

  /** Fires the menu's click in the worker (native menus cannot be clicked), for a link shown in `page`, the active tab. */
  async function clickShowStats(worker: Worker, page: Page, linkUrl: string): Promise<void> {
    await page.bringToFront();
    const [tab] = await worker.evaluate(() =>
      (globalThis as unknown as ChromeForStats).chrome.tabs.query({ active: true, lastFocusedWindow: true }),
    );
    await worker.evaluate(
      ({ url, tab, pageUrl }) =>
        (globalThis as unknown as ChromeForStats).chrome.contextMenus.onClicked.dispatch(
          { menuItemId: 'shortlink-show-stats', linkUrl: url, editable: false, pageUrl },
          tab,
        ),
      { url: linkUrl, tab: tab === undefined ? undefined : { id: tab.id, windowId: tab.windowId }, pageUrl: page.url() },
    );
  }

  it('the popup\'s Stats button opens the side panel of its tab on that link, from the click', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/article-one`);
    const shortUrl = await popup.shortLink();
    const { _id: linkId } = await serviceLink(shortUrl);
    const tab = await popup.page.evaluate(() => (globalThis as unknown as ChromeForStats).chrome.tabs.getCurrent());
    assert.ok(tab);
    const closed = popup.page.waitForEvent('close');
    // The shown link and its line in the recent list carry the same button; the first is the shown link's.
    await popup.page.getByRole('button', { name: `Stats of ${shortUrl}` }).first().click();
    // The popup closes once the panel is open, as it would on losing focus.
    await closed;
    const worker = await h.worker();
    const options = await worker.evaluate((tabId) => (globalThis as unknown as ChromeForStats).chrome.sidePanel.getOptions({ tabId }), tab.id);
    assert.deepEqual({ path: options.path, enabled: options.enabled }, { path: `sidepanel.html?linkId=${linkId}`, enabled: true });
    // Opened as the panel (the click was a gesture), not as the fallback tab.
    assert.deepEqual(statsTabs(), []);
  });

  it('a recent link\'s Stats button opens that link', async () => {
    const first = await PopupPage.open(h, `${h.site.url}/article-two`);
    const older = await first.shortLink();
    await first.close();
    const popup = await PopupPage.open(h, `${h.site.url}/article-three`);
    await popup.shortLink();
    const { _id: olderId } = await serviceLink(older);
    const tab = await popup.page.evaluate(() => (globalThis as unknown as ChromeForStats).chrome.tabs.getCurrent());
    assert.ok(tab);
    const closed = popup.page.waitForEvent('close');
    // The list is part of the popup: its row's click opens the panel of the popup's tab.
    await popup.recent().getByRole('button', { name: `Stats of ${older}` }).click();
    await closed;
    const worker = await h.worker();
    const options = await worker.evaluate((tabId) => (globalThis as unknown as ChromeForStats).chrome.sidePanel.getOptions({ tabId }), tab.id);
    assert.equal(options.path, `sidepanel.html?linkId=${olderId}`);
    // Opened as the panel (the click was a gesture), not as the fallback tab.
    assert.deepEqual(statsTabs(), []);
  });

  it('"Show stats" is made as a menu item', async () => {
    const worker = await h.worker();
    // update() fails for an item that does not exist.
    await eventually(
      () => worker.evaluate(() => (globalThis as unknown as ChromeForStats).chrome.contextMenus.update('shortlink-show-stats', {}).then(() => true)),
      'the Show stats item',
    );
  });

  it('"Show stats" on a link made elsewhere finds its id on the service; without a gesture the stats open in a tab', async () => {
    const made = await madeElsewhere(`${h.site.url}/made-elsewhere`);
    const page = await h.context.newPage();
    await page.goto(h.site.url);
    const opened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/sidepanel.html') });
    // A link on a page may carry a query or another scheme's spelling; it is the same link.
    await clickShowStats(await h.worker(), page, `${made.shortUrl}?ref=newsletter`);
    const statsPage = await opened;
    await statsPage.waitForLoadState();
    assert.equal(statsPage.url(), statsUrl(made.linkId));
    await statsPage.close();
    await page.close();
  });

  it('"Show stats" on a link made here resolves from the local cache', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/article-four`);
    const shortUrl = await popup.shortLink();
    await popup.close();
    const { _id: linkId } = await serviceLink(shortUrl);
    const page = await h.context.newPage();
    await page.goto(h.site.url);
    h.resetRequests();
    const opened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/sidepanel.html') });
    await clickShowStats(await h.worker(), page, shortUrl);
    const statsPage = await opened;
    assert.equal(statsPage.url(), statsUrl(linkId));
    // The panel then fetches the link's analytics itself, and pages of the list for its header (the
    // destination's title: PICKER_PAGE_SIZE a page); finding the link asked for no list of links.
    const panelOwn = (p: string) => p.startsWith(`GET /api/link/${linkId}/`) || (p.startsWith('GET /api/link?') && p.includes(`pageSize=${PICKER_PAGE_SIZE}&`));
    const lookups = h.requestPaths().filter((p) => !panelOwn(p));
    assert.deepEqual(lookups, [], 'no request to the service to find the link');
    await statsPage.close();
    await page.close();
  });

  it('"Show stats" on a short link the workspace does not have opens nothing and notifies', async () => {
    const worker = await h.worker();
    const page = await h.context.newPage();
    await page.goto(h.site.url);
    const before = statsTabs().length;
    const shortOrigin = new URL((await madeElsewhere(`${h.site.url}/another`)).shortUrl).origin;
    await clickShowStats(worker, page, `${shortOrigin}/NoSuchKw`);
    const ids = await eventually(async () => {
      const all = Object.keys(await worker.evaluate(() => (globalThis as unknown as ChromeForStats).chrome.notifications.getAll()));
      const stats = all.filter((id) => id.startsWith('shortlink-stats-'));
      return stats.length > 0 ? stats : undefined;
    }, 'a notification');
    assert.equal(ids.length, 1);
    assert.equal(statsTabs().length, before);
    await page.close();
  });
});
