/**
 * The context menu's shorten items and the shorten-and-copy shortcut, each
 * through its handler in the service worker (native menus and shortcuts
 * cannot be pressed in a test: their events are fired in the worker), with
 * the clipboard and the notification checked; and the popup's help line.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Worker } from 'playwright-core';
import { axeViolations, clickUnlessDone, eventually, useExtension } from './fixture';
import { OptionsPage, QueueSection } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

interface Shown {
  id: string;
  title: string;
  message: string;
}

interface ChromeForMenus {
  chrome: {
    contextMenus: {
      update(id: string, props: Record<string, never>): Promise<void>;
      onClicked: { dispatch(info: Record<string, unknown>, tab?: Record<string, unknown>): void };
    };
    commands: { onCommand: { dispatch(command: string, tab?: Record<string, unknown>): void } };
    notifications: { create(id: string, options: { title: string; message: string }, cb?: () => void): unknown };
  };
  shownForTest?: Shown[];
}

/**
 * Records what the background asks notifications to show (the browser's own
 * list gives ids only), then fires `fire` in the same turn, so a worker that
 * restarted in between cannot lose the recorder.
 */
async function firedWithNotifications(worker: Worker, fire: { menu?: Record<string, unknown>; command?: string; tab?: Record<string, unknown> }): Promise<void> {
  await worker.evaluate((f) => {
    const g = globalThis as unknown as ChromeForMenus;
    if (g.shownForTest === undefined) {
      g.shownForTest = [];
      const create = g.chrome.notifications.create.bind(g.chrome.notifications);
      g.chrome.notifications.create = (id, options, cb) => {
        g.shownForTest?.push({ id, title: options.title, message: options.message });
        return create(id, options, cb);
      };
    }
    g.shownForTest.length = 0;
    if (f.menu !== undefined) g.chrome.contextMenus.onClicked.dispatch({ editable: false, ...f.menu }, f.tab);
    if (f.command !== undefined) g.chrome.commands.onCommand.dispatch(f.command, f.tab);
  }, fire);
}

/** The menu's or the shortcut's notification; a queued item of an earlier test finishing says so under its own id. */
async function notified(worker: Worker): Promise<Shown> {
  return eventually(async () => {
    const all = await worker.evaluate(() => (globalThis as unknown as ChromeForMenus).shownForTest ?? []);
    const shown = all.filter((n) => /^shortlink-(menu|shortcut)-/.test(n.id));
    return shown.length > 0 ? shown : undefined;
  }, 'a notification').then((shown) => {
    assert.equal(shown.length, 1, `one notification: ${JSON.stringify(shown)}`);
    return shown[0] as Shown;
  });
}

describe('context menu and keyboard shortcut', () => {
  const h = useExtension({ clipboard: true, connect: true });

  async function clipboardHas(text: string): Promise<void> {
    const page = await h.context.newPage();
    await page.goto(h.site.url);
    let held = '';
    await eventually(async () => {
      held = await page.evaluate(() => navigator.clipboard.readText());
      return held === text ? true : undefined;
    }, `the clipboard to hold ${text}`).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)} (it holds ${JSON.stringify(held)})`);
    });
    await page.close();
  }

  async function onService(longUrl: string): Promise<{ shortUrl: string; longUrl: string }> {
    return eventually(async () => (await h.listLinks()).list.find((l) => l.longUrl === longUrl), `${longUrl} on the service`);
  }

  /** Shortens through one item and checks the link, the clipboard and the notification. */
  async function shortensAndCopies(fire: Parameters<typeof firedWithNotifications>[1], longUrl: string): Promise<void> {
    const worker = await h.worker();
    await firedWithNotifications(worker, fire);
    const link = await onService(longUrl);
    await clipboardHas(link.shortUrl);
    const shown = await notified(worker);
    assert.equal(shown.title, 'Short link ready');
    assert.equal(shown.message, `${link.shortUrl} → ${longUrl} (copied to the clipboard)`);
    const copies = (await h.listLinks()).list.filter((l) => l.longUrl === longUrl);
    assert.equal(copies.length, 1, 'made once');
  }

  it('makes each item once', async () => {
    const worker = await h.worker();
    for (const id of ['shortlink-shorten-link', 'shortlink-shorten-page', 'shortlink-shorten-selection', 'shortlink-show-stats']) {
      // update() fails for an item that does not exist.
      await eventually(
        () => worker.evaluate((menuId) => (globalThis as unknown as ChromeForMenus).chrome.contextMenus.update(menuId, {}).then(() => true), id),
        `the ${id} item`,
      );
    }
  });

  it('"Shorten link address" shortens the link, not the page', async () => {
    const linkUrl = `${h.site.url}/menu-linked`;
    await shortensAndCopies({ menu: { menuItemId: 'shortlink-shorten-link', linkUrl, pageUrl: `${h.site.url}/menu-host-page` } }, linkUrl);
  });

  it('"Shorten this page" shortens the page', async () => {
    const pageUrl = `${h.site.url}/menu-page`;
    await shortensAndCopies({ menu: { menuItemId: 'shortlink-shorten-page', pageUrl } }, pageUrl);
  });

  it('"Shorten selected URL" shortens the address selected in a sentence', async () => {
    const url = `${h.site.url}/menu-selected`;
    await shortensAndCopies({ menu: { menuItemId: 'shortlink-shorten-selection', selectionText: ` ${url}. `, pageUrl: `${h.site.url}/` } }, url);
  });

  it('the shortcut shortens the tab it was pressed on and copies', async () => {
    const url = `${h.site.url}/shortcut-tab`;
    const page = await h.context.newPage();
    await page.goto(url);
    await shortensAndCopies({ command: 'shorten-and-copy', tab: { id: 1, windowId: 1, url, active: true } }, url);
    await page.close();
  });

  it('a selection that is not an address, and javascript:/data:/browser pages, are refused in words and nothing is sent', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ menuItemId: 'shortlink-shorten-selection', selectionText: 'see the article below', pageUrl: h.site.url }, 'The selected text is not a web address.'],
      [{ menuItemId: 'shortlink-shorten-link', linkUrl: 'javascript:alert(1)', pageUrl: h.site.url }, "This link can't be shortened:"],
      [{ menuItemId: 'shortlink-shorten-link', linkUrl: 'data:text/html,<b>x</b>', pageUrl: h.site.url }, "This link can't be shortened:"],
      [{ menuItemId: 'shortlink-shorten-page', pageUrl: 'chrome://settings/' }, "This link can't be shortened:"],
    ];
    for (const [menu, words] of cases) {
      h.resetRequests();
      const worker = await h.worker();
      await firedWithNotifications(worker, { menu });
      const shown = await notified(worker);
      assert.equal(shown.title, 'Could not shorten the link');
      assert.ok(shown.message.startsWith(words), shown.message);
      assert.deepEqual(h.requestPaths(), [], 'nothing sent');
    }
    await firedWithNotifications(await h.worker(), { command: 'shorten-and-copy', tab: { id: 1, windowId: 1, url: 'chrome://newtab/' } });
    assert.equal((await notified(await h.worker())).title, 'Could not shorten the link');
    assert.deepEqual(h.requestPaths(), []);
  });

  it('offline, the notification says the link is queued; back online it is made once', async () => {
    const pageUrl = `${h.site.url}/menu-offline`;
    h.setServiceDown(true);
    const worker = await h.worker();
    await firedWithNotifications(worker, { menu: { menuItemId: 'shortlink-shorten-page', pageUrl } });
    const shown = await notified(worker);
    assert.equal(shown.title, 'Link saved for later');
    assert.equal(shown.message, `${pageUrl} will be shortened when your service is back. Settings lists what is waiting.`);
    assert.equal((await h.listLinks()).list.some((l) => l.longUrl === pageUrl), false);

    h.setServiceDown(false);
    // The shortcut offline too: queued, then copied when it is made.
    const tabUrl = `${h.site.url}/shortcut-offline`;
    h.setServiceDown(true);
    await firedWithNotifications(await h.worker(), { command: 'shorten-and-copy', tab: { id: 1, windowId: 1, url: tabUrl } });
    assert.equal((await notified(await h.worker())).title, 'Link saved for later');
    h.setServiceDown(false);
    // Opening a page sends what waits (lib/background/queue/queue-wiring.ts, pageOpened).
    const options = await h.openPage('options.html');
    const made = await onService(pageUrl);
    const viaShortcut = await onService(tabUrl);
    await clipboardHas(viaShortcut.shortUrl);
    const list = (await h.listLinks()).list;
    assert.equal(list.filter((l) => l.longUrl === pageUrl).length, 1);
    assert.equal(list.filter((l) => l.longUrl === tabUrl).length, 1);
    assert.ok(made.shortUrl);
    await options.close();
  });

  it('the options page words each waiting item; one is discarded (confirmed), Retry all sends the rest once each', async () => {
    h.setServiceDown(true);
    const urls = ['queue-one', 'queue-two', 'queue-three'].map((name) => `${h.site.url}/${name}`);
    for (const pageUrl of urls) {
      const worker = await h.worker();
      await firedWithNotifications(worker, { menu: { menuItemId: 'shortlink-shorten-page', pageUrl } });
      assert.equal((await notified(worker)).title, 'Link saved for later');
    }
    const options = await OptionsPage.open(h, 'queue');
    const queue = new QueueSection(options.page);
    await eventually(async () => ((await queue.items().count()) === 3 ? true : undefined), 'three waiting items');
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    for (const [i, url] of urls.entries()) {
      const text = await queue.items().nth(i).innerText();
      // Headed by the page (host and path), then what waits in full.
      assert.match(text, new RegExp(`^${escape(url.replace(/^https?:\/\//, ''))}\nShorten ${escape(url)}\n`), text);
      assert.match(text, /Waiting · Made (now|\d+ seconds? ago) · (Tried \d+ times|Tried once) · Next try( in \d+ (seconds?|minutes?)|: now)/, text);
      assert.doesNotMatch(text, /Last error/, text);
    }
    // The error every item shares is said once, above the list.
    await options.page.getByText("Every item's last try failed the same way: Could not reach the service.").waitFor();
    assert.deepEqual(await axeViolations(options.page), []);

    const second = queue.items().filter({ hasText: 'queue-two' });
    await second.getByRole('button', { name: 'Discard' }).click();
    await second.getByRole('button', { name: 'Yes, discard' }).click();
    await eventually(async () => ((await queue.items().count()) === 2 ? true : undefined), 'two waiting items');

    h.setServiceDown(false);
    const nothingWaits = options.page.getByText('Nothing is waiting.');
    await clickUnlessDone(options.page.getByRole('button', { name: 'Retry all' }), nothingWaits);
    await nothingWaits.waitFor();
    const list = (await h.listLinks()).list;
    assert.deepEqual(
      urls.map((url) => list.filter((l) => l.longUrl === url).length),
      [1, 0, 1],
      'the kept ones made once each, the discarded one never',
    );
    await options.page.close();
  });

  it('a queue paused by a refused token says why, leads to the token field, and resumes when it is saved', async () => {
    const pageUrl = `${h.site.url}/queue-paused`;
    h.setServiceDown(true);
    const worker = await h.worker();
    await firedWithNotifications(worker, { menu: { menuItemId: 'shortlink-shorten-page', pageUrl } });
    assert.equal((await notified(worker)).title, 'Link saved for later');
    await h.connect({ token: 'not-a-token' });
    h.setServiceDown(false);
    const options = await OptionsPage.open(h, 'queue');
    const paused = options.page.getByText('Paused: the service refused the token.');
    await options.page.getByRole('button', { name: 'Retry all' }).click();
    await paused.waitFor();
    const item = await new QueueSection(options.page).items().filter({ hasText: 'queue-paused' }).innerText();
    assert.match(item, /Not tried again until the token is fixed\./);
    await options.page.getByRole('button', { name: 'Fix the token' }).click();
    assert.equal(await options.page.evaluate(() => document.activeElement?.id), 'token');

    await options.fill({ baseUrl: h.apiBase, token: h.token, workspaceId: h.workspaceId });
    assert.equal(await options.save(), 'Saved.');
    await options.goTo('queue');
    await options.page.getByText('Nothing is waiting.').waitFor();
    assert.equal((await h.listLinks()).list.filter((l) => l.longUrl === pageUrl).length, 1);
    await options.page.close();
  });

  it('the popup\'s help line names both shortcuts', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/help-line`);
    const line = popup.page.locator('#help-line');
    await line.waitFor();
    const text = (await line.textContent()) ?? '';
    assert.match(text, /^Shortcuts: Alt\+Shift\+L opens this popup, Alt\+Shift\+K shortens the current tab and copies its short link, Alt\+Shift\+V pastes a copied link as a short link where you type\./);
    // The line sits in its own landmark (the page's footer), as axe asks of all content.
    assert.deepEqual(await axeViolations(popup.page), []);
    await popup.close();
  });
});
