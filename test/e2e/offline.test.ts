import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, requestsBesidesRecentList, useExtension } from './fixture';
import { OptionsPage, QueueSection } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

describe('offline queue', () => {
  const h = useExtension({ connect: true });

  it('queues a shorten while offline, shows it on the badge, and creates it exactly once when back online', async () => {
    await h.context.setOffline(true);
    const popup = await PopupPage.open(h, `${h.site.url}/offline-article`);
    // The browser is offline, so that is what the popup says: one banner, and nothing to retry by hand.
    await popup.waitForText('You are offline.');
    await popup.waitForText('Your link is saved and will be made when you are back online.');
    assert.equal(await popup.page.locator('.banner').count(), 1);
    assert.equal(await popup.page.getByRole('button', { name: 'Retry' }).count(), 0);
    assert.equal(await eventually(async () => ((await h.badgeText()) === '1' ? '1' : undefined), 'badge 1'), '1');
    assert.equal((await h.listLinks()).totalCount, 0, 'nothing reached the service');

    await h.context.setOffline(false);
    await eventually(async () => ((await h.badgeText()) === '' ? true : undefined), 'the badge to clear', 15_000);
    const links = await h.listLinks();
    assert.equal(links.totalCount, 1);
    assert.equal(links.list[0]?.longUrl, `${h.site.url}/offline-article`);
    // The open popup, back online, shows the link it waited for.
    assert.equal(await popup.shortLink(), links.list[0]?.shortUrl);

    // The queued link is now in the cache: the popup shows it with no request.
    h.resetRequests();
    const again = await PopupPage.open(h, `${h.site.url}/offline-article`);
    assert.equal(await again.shortLink(), links.list[0]?.shortUrl);
    assert.deepEqual(requestsBesidesRecentList(h), []);
    await popup.close();
    await again.close();
  });

  it('lists a waiting link in the options page, and Discard (after confirming) removes it', async () => {
    await h.context.setOffline(true);
    const popup = await PopupPage.open(h, `${h.site.url}/to-discard`);
    await popup.waitForText('You are offline.');
    await popup.close();

    const options = await OptionsPage.open(h, 'queue');
    const queue = new QueueSection(options.page);
    await queue.items().first().waitFor();
    assert.equal(await queue.items().count(), 1);
    assert.match((await queue.items().first().innerText()) ?? '', /to-discard[\s\S]*Waiting/);
    // Keep it: nothing changes.
    await queue.items().first().getByRole('button', { name: 'Discard' }).click();
    await queue.items().first().getByRole('button', { name: 'Keep it' }).click();
    assert.equal(await queue.items().count(), 1);

    await queue.discardFirst();
    await options.page.getByText('Nothing is waiting.').waitFor();
    await eventually(async () => ((await h.badgeText()) === '' ? true : undefined), 'the badge to clear');
    await h.context.setOffline(false);
    const before = (await h.listLinks()).totalCount;
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await h.listLinks()).totalCount, before, 'a discarded link is never created');
    await options.page.close();
  });

  it('keeps a queued link when the service worker is stopped, and sends it after it restarts', async () => {
    h.setServiceDown(true);
    const popup = await PopupPage.open(h, `${h.site.url}/survives-worker-stop`);
    await popup.waitForText('Your link is saved and will be made when it answers.');
    // Stop the worker (CDP from a page's session): the queue lives in IndexedDB, not in its memory.
    const cdp = await h.context.newCDPSession(popup.page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
    await popup.close();
    h.setServiceDown(false);
    // Nothing is running, and nothing says the service is back: the replay alarm wakes the worker.
    const link = await eventually(
      async () => (await h.listLinks()).list.find((l) => l.longUrl === `${h.site.url}/survives-worker-stop`),
      'the queued link on the service',
      20_000,
    );
    assert.ok(link);
    await eventually(async () => ((await h.badgeText()) === '' ? true : undefined), 'the badge to clear');
    const copies = (await h.listLinks()).list.filter((l) => l.longUrl === `${h.site.url}/survives-worker-stop`);
    assert.equal(copies.length, 1, 'created exactly once');
  });

  it('Retry now in the options page sends a waiting link', async () => {
    h.setServiceDown(true);
    const target = `${h.site.url}/retry-now`;
    const popup = await PopupPage.open(h, target);
    await popup.waitForText('Your link is saved and will be made when it answers.');
    await popup.close();
    const options = await OptionsPage.open(h, 'queue');
    const queue = new QueueSection(options.page);
    const item = queue.items().filter({ hasText: 'retry-now' });
    await item.waitFor();
    // Back, but answering 429 with an hour's Retry-After: the probe sees it answer and the
    // queue's own try is refused, so the item waits (capped at 5 min) and only Retry now
    // sends it during the test. With the service plainly back, the probe (every 3 s) could
    // send it first and take the button away under the click.
    h.refuseEvery(1, '3600');
    h.setServiceDown(false);
    // The refusal's own words: the item already shows the unreachable service's error from
    // while it was down, and waiting for that one would let the probe race the click.
    await item.getByText(/Last error: (Too many requests|The service is busy)/).waitFor();
    h.refuseEvery(0);
    await item.getByRole('button', { name: 'Retry now' }).click();
    await options.page.getByText('Nothing is waiting.').waitFor();
    const made = (await h.listLinks()).list.filter((l) => l.longUrl === target);
    assert.equal(made.length, 1);
    await options.page.close();
  });
});
