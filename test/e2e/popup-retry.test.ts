import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, clickUnlessDone, eventually, useExtension } from './fixture';
import { PopupPage } from './pages/popup-page';

describe("the popup's Retry now on a queued link", () => {
  const h = useExtension({ clipboard: true, connect: true });

  it('names the service it cannot reach, says it still waits after Retry, then shows the link it made, once', async () => {
    h.setServiceDown(true);
    const target = `${h.site.url}/popup-retry`;
    const popup = await PopupPage.open(h, target);
    // The network is up: the service is named by its host, and one banner says what happens next.
    const host = new URL(h.apiBase).host;
    await popup.waitForText(`Can't reach ${host}.`);
    await popup.waitForText('Your link is saved and will be made when it answers.');
    assert.equal(await popup.page.getByText(/offline/i).count(), 0);
    // The recent list, which cannot reach the service either, says nothing of its own.
    await popup.waitForText('No links shortened yet.');
    assert.equal(await popup.page.locator('.banner').count(), 1);
    const retry = popup.page.getByRole('button', { name: 'Retry' });
    assert.equal(await retry.count(), 1);

    await retry.click();
    await popup.waitForText(`Still can't reach ${host}.`);
    assert.deepEqual(await axeViolations(popup.page), []);
    await popup.page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(popup.page), [], 'dark');
    assert.equal((await h.listLinks()).list.filter((l) => l.longUrl === target).length, 0);

    h.setServiceDown(false);
    await clickUnlessDone(retry, popup.page.locator('#short-link'));
    const shortUrl = await popup.shortLink();
    const made = await eventually(async () => {
      const list = (await h.listLinks()).list.filter((l) => l.longUrl === target);
      return list.length > 0 ? list : undefined;
    }, 'the link to exist');
    assert.equal(made.length, 1, 'retrying made exactly one link');
    assert.equal(made[0]?.shortUrl, shortUrl);
    assert.equal(await popup.ready(), true);
    await popup.close();
  });
});
