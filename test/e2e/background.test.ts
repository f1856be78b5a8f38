import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WithChrome } from '../../scripts/chromium';
import { axeViolations, eventually, useExtension } from './fixture';
import { SidePanelPage } from './pages/sidepanel-page';

describe('context menu and side panel', () => {
  const h = useExtension({ clipboard: true, connect: true });

  it('"Shorten link" shortens the link (not the page) and copies it through the offscreen document', async () => {
    const linkUrl = `${h.site.url}/linked-article`;
    // Native menus cannot be clicked in a test: fire the menu's click event in the worker.
    await (await h.worker()).evaluate(
      (url) =>
        (globalThis as unknown as WithChrome).chrome.contextMenus.onClicked.dispatch({ menuItemId: 'shortlink-shorten-link', linkUrl: url, editable: false, pageUrl: 'http://127.0.0.1/' }),
      linkUrl,
    );
    const link = await eventually(async () => (await h.listLinks()).list.find((l) => l.longUrl === linkUrl), 'the link on the service');
    const page = await h.context.newPage();
    await page.goto(h.site.url);
    const copied = await eventually(async () => {
      const text = await page.evaluate(() => navigator.clipboard.readText());
      return text === link.shortUrl ? text : undefined;
    }, 'the clipboard');
    assert.equal(copied, link.shortUrl);
    await page.close();
  });

  it('the side panel lists recent links as text and passes axe', async () => {
    const panel = await SidePanelPage.open(h);
    const listed = await eventually(async () => {
      const links = await panel.listedShortLinks();
      return links.length > 0 ? links : undefined;
    }, 'a recent link');
    const service = await h.listLinks();
    assert.deepEqual(listed, service.list.map((l) => l.shortUrl));
    assert.deepEqual(await axeViolations(panel.page), []);
    await panel.page.close();
  });
});
