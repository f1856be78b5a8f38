import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, eventually, useExtension } from './fixture';
import { PopupPage } from './pages/popup-page';

describe("the popup's Retry now on a queued link", () => {
  const h = useExtension({ clipboard: true, connect: true });

  it('says it still waits while the service is down, then shows the link it made, once', async () => {
    h.setServiceDown(true);
    const target = `${h.site.url}/popup-retry`;
    const popup = await PopupPage.open(h, target);
    await popup.waitForText('Queued: will be created when back online.');
    const retry = popup.page.getByRole('button', { name: 'Retry now' });

    await retry.click();
    await popup.waitForText(/^Still waiting/);
    assert.deepEqual(await axeViolations(popup.page), []);
    assert.equal((await h.listLinks()).list.filter((l) => l.longUrl === target).length, 0);

    h.setServiceDown(false);
    await retry.click();
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
