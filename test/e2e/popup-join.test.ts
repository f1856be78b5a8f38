/**
 * One pending request per page: after the service's answer to a shorten
 * arrives garbled (the link exists, the extension cannot know), reopening
 * the popup on that page joins the waiting item instead of asking for a
 * second link, the first popup's Retry shows the link that item made, and a
 * send that outlives its lease is sent and finished once. Each sequence ends
 * with the queue drained and the count taken again, so a resend that comes
 * late is seen (and never counted in the next sequence).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WithChrome } from '../../scripts/chromium';
import { clickUnlessDone, useExtension } from './fixture';
import { OptionsPage, QueueSection } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

describe('one pending request per page', () => {
  const h = useExtension({ clipboard: true, connect: true });
  const UNKNOWN = 'No clear answer came back; it will be tried again.';
  const isCreate = (r: { method: string; path: string }) => r.method === 'POST' && r.path.startsWith('/api/link');

  /** The keys first used since `from` (an index into the request log) to ask for a link: resends of an earlier item's key are not new. */
  const createKeys = (from: number) => {
    const log = h.requestLog();
    const before = new Set(log.slice(0, from).filter(isCreate).map((r) => r.idempotencyKey));
    return log.slice(from).filter((r) => isCreate(r) && !before.has(r.idempotencyKey)).map((r) => r.idempotencyKey);
  };
  const linksTo = async (url: string) => (await h.listLinks()).list.filter((l) => l.longUrl === url);

  /** Opens the queue (a page opening sends what waits) and waits until nothing waits; then the page still has one link. */
  async function drained(target: string): Promise<void> {
    const options = await OptionsPage.open(h, 'queue');
    await options.page.getByText('Nothing is waiting.').waitFor({ timeout: 20_000 });
    await options.page.close();
    assert.equal((await linksTo(target)).length, 1, 'still one link once the queue is drained');
  }

  /**
   * The next shorten's answer arrives garbled (the service made the link), and the queue's resend of it
   * under the same key is held at the service's door until `release`, so nothing is made meanwhile.
   */
  function garbleThenHoldResend() {
    let firstKey: string | undefined;
    const resend = h.holdRequest((r) => isCreate(r) && firstKey !== undefined && r.idempotencyKey === firstKey);
    h.garbleAnswer((r) => {
      if (!isCreate(r)) return false;
      firstKey = r.idempotencyKey;
      return true;
    });
    return resend;
  }

  /** The popup said the link waits, or showed a link. */
  const settled = (popup: PopupPage) => popup.page.getByText(UNKNOWN).or(popup.page.locator('#short-link')).first().waitFor();

  it('a garbled answer, then the popup opened again on the page: one link, under one key', async () => {
    const from = h.requestLog().length;
    const target = `${h.site.url}/garbled-reopen`;
    const resend = garbleThenHoldResend();
    const first = await PopupPage.open(h, target);
    await first.waitForText(UNKNOWN);
    assert.equal((await linksTo(target)).length, 1, 'the service made the link');

    // Opened again while the link waits: the same waiting link, not a new request.
    const second = await PopupPage.open(h, target);
    await settled(second);
    // It shows the waiting link, or the link itself when the first popup's recent list already read it
    // from the service (the link cache keeps what a list showed): never a new request.
    const waiting = (await second.page.getByText(UNKNOWN).count()) === 1;
    if (!waiting) assert.equal(await second.shortLink(), (await linksTo(target))[0]?.shortUrl, 'the reopened popup shows the link the service made');
    // The queue's resend, under the first key, gets the service's first answer: that link.
    resend.release();
    const shown = await second.shortLink();
    const made = await linksTo(target);
    assert.equal(made.length, 1, 'one link for the page');
    assert.equal(made[0]?.shortUrl, shown);
    const keys = createKeys(from);
    assert.equal(new Set(keys).size, 1, `one idempotency key: ${JSON.stringify(keys)}`);
    await first.close();
    await second.close();
    await drained(target);
  });

  it("a garbled answer, the popup opened again, then the first popup's Retry: still one link, and Retry shows it", async () => {
    const from = h.requestLog().length;
    const target = `${h.site.url}/garbled-retry`;
    const resend = garbleThenHoldResend();
    const first = await PopupPage.open(h, target);
    await first.waitForText(UNKNOWN);
    const second = await PopupPage.open(h, target);
    await settled(second);
    resend.release();
    const shown = await second.shortLink();

    // The first popup still says the link waits, or has just seen it made; its Retry shows that link.
    await clickUnlessDone(first.page.getByRole('button', { name: 'Retry' }), first.page.locator('#short-link'));
    assert.equal(await first.shortLink(), shown);
    const made = await linksTo(target);
    assert.equal(made.length, 1, 'one link for the page');
    assert.equal(new Set(createKeys(from)).size, 1, `one idempotency key: ${JSON.stringify(createKeys(from))}`);
    await first.close();
    await second.close();
    await drained(target);
  });

  it('a send longer than its lease is sent once, and finishes once: no second notification or copy', async () => {
    const worker = await h.worker();
    await worker.evaluate(() => {
      const g = globalThis as unknown as WithChrome & { shown: string[] };
      g.shown = [];
      const n = g.chrome as unknown as { notifications: { create(id: string, options: unknown, cb?: () => void): unknown } };
      const create = n.notifications.create.bind(n.notifications);
      n.notifications.create = (id, options, cb) => {
        g.shown.push(id);
        return create(id, options, cb);
      };
    });
    const from = h.requestLog().length;
    const target = `${h.site.url}/long-send`;
    const held = h.holdRequest(isCreate);
    const popup = await PopupPage.open(h, target);
    await held.arrived;
    try {
      // The send is held at the service's door. For the extension a minute passes (its lease is 20 s), as a
      // link with tags sent over a slow network can take: the background's clock is moved on, not waited for.
      await worker.evaluate(() => {
        const real = Date.now.bind(Date);
        (globalThis as unknown as { realNow: () => number }).realNow = real;
        Date.now = () => real() + 61_000;
      });
      // A page opens, so the background sends what waits now; the user presses Retry now on the item too.
      const options = await OptionsPage.open(h, 'queue');
      const queue = new QueueSection(options.page);
      const item = queue.items().filter({ hasText: 'long-send' });
      await clickUnlessDone(item.getByRole('button', { name: 'Retry now' }), options.page.getByText('Nothing is waiting.'));
      held.release();
      const shown = await popup.shortLink();
      await options.page.getByText('Nothing is waiting.').waitFor();
      const made = await linksTo(target);
      assert.equal(made.length, 1);
      assert.equal(made[0]?.shortUrl, shown);
      assert.deepEqual(createKeys(from).length, 1, 'sent once');
      const shownIds = await worker.evaluate(() => (globalThis as unknown as { shown: string[] }).shown);
      // Finished once: at most one notification for it (the popup may have closed its hold by then), never a second.
      assert.ok(shownIds.filter((id) => id.startsWith('shortlink-queue-')).length <= 1, `finished once: ${JSON.stringify(shownIds)}`);
      await options.page.close();
    } finally {
      held.release();
      await worker.evaluate(() => {
        const g = globalThis as unknown as { realNow?: () => number };
        if (g.realNow) Date.now = g.realNow;
      });
      await popup.close();
    }
  });
});
