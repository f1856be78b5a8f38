/**
 * The destination check in Chromium, against a local site under named hosts
 * (watch-site.ts): the user turns it on in Settings, the first run checks the
 * workspace's links (a fine page, a 404, a redirect to another host, a
 * redirect loop), and "Links to check" and the popup's recent rows say what
 * is wrong with each, in words (the side panel's header too). The site is asked at most once a second per
 * host. Any site is granted in the build's copy, as after the user's
 * "Allow" (headless Chromium shows no prompt). With the check on, the popup
 * warns before it makes a link to a page that is itself broken.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Worker } from 'playwright-core';
import { axeViolations, eventually, startHarness, useHarness, type Harness } from './fixture';
import { PERSON_UA } from './service-parts';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';
import { SidePanelPage } from './pages/sidepanel-page';
import { startWatchSite, WATCH_DOMAIN, type WatchSite } from './watch-site';

interface InWorker {
  chrome: { notifications: { create(id: string, options: { title: string; message: string }, cb?: () => void): unknown } };
  watchShown?: { title: string; message: string }[];
}

/** Records the notifications the worker asks for from now on (until it restarts). */
async function recordNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as InWorker;
    g.watchShown = [];
    const create = g.chrome.notifications.create.bind(g.chrome.notifications);
    g.chrome.notifications.create = (id, options, cb) => {
      g.watchShown?.push({ title: options.title, message: options.message });
      return create(id, options, cb);
    };
  });
}

/** The background's watchStatus, asked from an extension page as Settings asks it. */
async function watchStatus(page: Page): Promise<{ running: unknown; lastFinishedAt: number | null }> {
  return page.evaluate(async () => {
    const reply = (await (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ value: { running: unknown; lastFinishedAt: number | null } }> } } }).chrome.runtime.sendMessage({ type: 'watchStatus', data: {} }));
    return reply.value;
  });
}

async function createLink(h: Harness, longUrl: string): Promise<string> {
  return (await createLinkData(h, longUrl)).shortUrl;
}

async function createLinkData(h: Harness, longUrl: string): Promise<{ linkId: string; shortUrl: string }> {
  const res = await fetch(`${h.service.url}/api/link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { data: { linkId: string; shortUrl: string } }).data;
}

describe('destination check', () => {
  const env = useHarness(async () => {
    const site = await startWatchSite();
    const h = await startHarness({ hostRules: [site.hostRule], grantOrigins: ['http://*/*', 'https://*/*'] });
    await h.connect();
    return {
      h,
      site,
      close: async () => {
        await h.close();
        await site.close();
      },
    } satisfies { h: Harness; site: WatchSite; close(): Promise<void> };
  });

  it('turned on in Settings, finds the gone, moved and looping pages and says why, there and in the popup', async () => {
    const { h, site } = env;
    await createLink(h, `http://fine.${WATCH_DOMAIN}/`);
    const gone = await createLinkData(h, `http://gone.${WATCH_DOMAIN}/`);
    await createLink(h, `http://moved.${WATCH_DOMAIN}/`);
    await createLink(h, `http://loop.${WATCH_DOMAIN}/a`);

    const options = await OptionsPage.open(h, 'watch');
    const { page } = options;
    const toggle = page.getByRole('switch', { name: "Check my links' destinations" });
    assert.equal(await toggle.isChecked(), false);
    // Switched on once the background has it (a controlled switch): click, then wait for it to show.
    await toggle.click();
    await page.getByRole('switch', { name: "Check my links' destinations", checked: true }).waitFor();

    // The first run starts at once; the list fills as it finishes.
    const list = page.getByRole('region', { name: 'Links to check' }).or(page.locator('section[aria-labelledby="watch-problems-heading"]'));
    await list.getByText(/^Gone since .+: the page answers 404$/).waitFor({ timeout: 60_000 });
    await list.getByText(`it now ends on elsewhere.${WATCH_DOMAIN}`, { exact: false }).waitFor({ timeout: 60_000 });
    await list.getByText(/^Looping since .+: it redirects again and again without arriving at a page$/).waitFor({ timeout: 60_000 });
    await page.getByText(/^Last finished /).waitFor({ timeout: 60_000 });
    const listed = await list.locator('li').allInnerTexts();
    assert.equal(listed.length, 3, listed.join('\n'));
    assert.ok(!listed.some((text) => text.includes(`fine.${WATCH_DOMAIN}`)), 'the fine page is not listed');
    assert.deepEqual(await axeViolations(page), []);

    // Never two requests of the watch's own to one host within a second. The loop's host is left out: Chromium hides a
    // redirect's Location from fetch, so the chain is followed by the browser itself (its limit of 20), unpaced.
    for (const [host, times] of site.hits) {
      if (host === `loop.${WATCH_DOMAIN}`) continue;
      for (let i = 1; i < times.length; i += 1) assert.ok((times[i] ?? 0) - (times[i - 1] ?? 0) >= 950, `${host}: ${times.join(', ')}`);
    }

    const popup = await PopupPage.open(h);
    await popup.page.getByText(/^Gone since .+: the page answers 404$/).waitFor();
    await popup.page.getByText(/^Moved since .+: it now ends on elsewhere\.watch\.test$/).waitFor();
    assert.equal(await popup.page.getByText(/^Fine since/).count(), 0);

    // The side panel's header says it too, once its first frame is drawn.
    const panel = await SidePanelPage.openLink(h, gone.linkId);
    await panel.page.locator('header.link-header').getByText(/^Gone since .+: the page answers 404$/).waitFor();
  });

  it('tells once, in a notification, when a link people clicked becomes gone', async () => {
    const { h, site } = env;
    const shortUrl = await createLink(h, `http://flip.${WATCH_DOMAIN}/`);
    const options = await OptionsPage.open(h, 'watch');
    const { page } = options;
    const checkNow = page.getByRole('button', { name: 'Check now' });
    /** Presses Check now and waits for that run to finish. */
    async function run(): Promise<void> {
      const before = (await watchStatus(page)).lastFinishedAt ?? 0;
      await checkNow.click();
      await eventually(async () => {
        const status = await watchStatus(page);
        return status.running === null && (status.lastFinishedAt ?? 0) > before ? true : undefined;
      }, 'the run to finish', 60_000);
    }
    await run();
    // A person follows the short link: the link is in use.
    await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': PERSON_UA } });
    await eventually(async () => {
      const res = await fetch(`${h.service.url}/api/link?workspaceId=${h.workspaceId}&pageSize=100`, { headers: { authorization: `Bearer ${h.token}` } });
      const list = ((await res.json()) as { data: { list: { shortUrl: string; totalClicks: number }[] } }).data.list;
      return (list.find((l) => l.shortUrl === shortUrl)?.totalClicks ?? 0) > 0 ? true : undefined;
    }, 'the click to be counted');
    site.answers.set('flip', 410);
    const worker = await h.worker();
    await recordNotifications(worker);
    await run();
    const shown = await worker.evaluate(() => (globalThis as unknown as InWorker).watchShown ?? []);
    // Named by its short link when this browser knows it, else by its page.
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.equal(shown[0]?.title, 'A link people use is broken');
    assert.ok([`${shortUrl} → Gone: the page answers 410`, `http://flip.${WATCH_DOMAIN}/ → Gone: the page answers 410`].includes(shown[0]?.message ?? ''), shown[0]?.message);
    // Still gone at the next run: not told again.
    await run();
    assert.equal((await worker.evaluate(() => (globalThis as unknown as InWorker).watchShown ?? [])).length, 1);
  });

  it('warns before a link to a page that is itself broken is made: read from the tab, or asked when there is no tab', async () => {
    const { h, site } = env;
    const options = await OptionsPage.open(h, 'watch');
    const toggle = options.page.getByRole('switch', { name: "Check my links' destinations" });
    if (!(await toggle.isChecked())) await toggle.click();
    await options.page.getByRole('switch', { name: "Check my links' destinations", checked: true }).waitFor();
    await options.page.close();
    const longUrls = async () => (await h.listLinks()).list.map((l) => l.longUrl);

    // The toolbar popup over a tab showing a 503 page: the tab's own status says so, with no request of the check's own.
    const failing = `http://down.${WATCH_DOMAIN}/page/sale`;
    const tab = await h.context.newPage();
    await tab.goto(failing);
    // The page's icon is asked for after its load: counted before the popup opens.
    await tab.waitForLoadState('networkidle');
    const asked = site.hits.get(`down.${WATCH_DOMAIN}`)?.length ?? 0;
    const popup = await PopupPage.openOver(h, tab);
    await popup.page.getByRole('heading', { name: 'This page looks broken' }).waitFor();
    await popup.page.getByText('Failing: the page answers 503', { exact: true }).waitFor();
    assert.equal(site.hits.get(`down.${WATCH_DOMAIN}`)?.length ?? 0, asked, 'the tab told: the site was not asked again');
    assert.ok(!(await longUrls()).includes(failing), 'nothing made before the user says so');
    assert.deepEqual(await axeViolations(popup.page), []);
    await popup.page.getByRole('button', { name: 'Shorten anyway' }).click();
    assert.match(await popup.shortLink(), /^http/);
    await eventually(async () => ((await longUrls()).includes(failing) ? true : undefined), 'the link made anyway');
    await popup.page.close();

    // A tab on the browser's own error page (a 404 with nothing to show): the page is asked why.
    const empty = `http://gone.${WATCH_DOMAIN}/empty`;
    await tab.goto(empty).catch(() => undefined);
    const errorPopup = await PopupPage.openOver(h, tab);
    await errorPopup.page.getByText('Gone: the page answers 404', { exact: true }).waitFor();
    assert.ok(!(await longUrls()).includes(empty));
    await errorPopup.page.close();
    await tab.close();

    // No tab to read (the popup as a tab of its own): the page is asked over the network.
    const gone = `http://gone.${WATCH_DOMAIN}/old-offer`;
    const asTab = await PopupPage.open(h, gone);
    await asTab.page.getByText('Gone: the page answers 404', { exact: true }).waitFor();
    await asTab.page.getByRole('button', { name: 'Another address' }).click();
    await asTab.urlField().waitFor();
    assert.ok(!(await longUrls()).includes(gone));
    await asTab.page.close();

    // A fine page is shortened at once, as always.
    const fine = await PopupPage.open(h, `http://fine.${WATCH_DOMAIN}/new-post`);
    assert.match(await fine.shortLink(), /^http/);
    assert.equal(await fine.page.getByText('This page looks broken').count(), 0);
  });
});
