import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startHarness, type Harness } from './fixture';
import { PopupPage } from './pages/popup-page';

describe('offline queue', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.connect();
  });
  after(async () => {
    await h.close();
  });

  it('queues a shorten while offline, shows it on the badge, and creates it exactly once when back online', async () => {
    await h.context.setOffline(true);
    const popup = await PopupPage.open(h, `${h.site.url}/offline-article`);
    await popup.waitForText('Queued: will be created when back online.');
    assert.equal(await eventually(async () => ((await h.badgeText()) === '1' ? '1' : undefined), 'badge 1'), '1');
    assert.equal((await h.listLinks()).totalCount, 0, 'nothing reached the service');

    await h.context.setOffline(false);
    await eventually(async () => ((await h.badgeText()) === '' ? true : undefined), 'the badge to clear', 15_000);
    const links = await h.listLinks();
    assert.equal(links.totalCount, 1);
    assert.equal(links.list[0]?.longUrl, `${h.site.url}/offline-article`);

    // The queued link is now in the cache: the popup shows it with no request.
    h.resetRequests();
    const again = await PopupPage.open(h, `${h.site.url}/offline-article`);
    assert.equal(await again.shortLink(), links.list[0]?.shortUrl);
    assert.equal(h.requests(), 0);
    await popup.close();
    await again.close();
  });
});
