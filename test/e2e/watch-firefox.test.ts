/**
 * The destination check in Firefox (ESR, over WebDriver BiDi): connected in
 * the options page as a user does, the check turned on with a click (the
 * pref that skips the optional-permission prompt stands for the user's
 * "Allow"), and its first run against a local site under named hosts
 * (Firefox's network.dns.localDomains sends them to the loopback): the 404
 * is listed with its reason in Settings and the fine page is not, and the
 * popup's recent row carries the mark. Then the popup's warning before a
 * link to a gone page is made, and the one notification when a link people
 * clicked becomes gone.
 */

interface WithBrowser {
  browser: {
    runtime: {
      sendMessage(m: unknown): Promise<{ value: { running: unknown; lastFinishedAt: number | null } }>;
      getBackgroundPage(): Promise<{ browser: { notifications: { create(id: string, options: { title: string; message: string }): Promise<string> } } }>;
    };
  };
  shownForTest?: { title: string; message: string }[];
}
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, useHarness } from './fixture';
import { PERSON_UA } from './service-parts';
import { clickButton, connectInOptions, startFirefoxHarness, waitForText, type FirefoxHarness } from './firefox-harness';
import { startWatchSite, WATCH_DOMAIN, type WatchSite } from './watch-site';

const NAMES = ['fine', 'gone', 'flip'];

describe('Firefox: the destination check', () => {
  const env = useHarness(async () => {
    const site = await startWatchSite();
    const h = await startFirefoxHarness({ prefs: { 'network.dns.localDomains': NAMES.map((n) => `${n}.${WATCH_DOMAIN}`).join(',') } });
    return {
      h,
      site,
      close: async () => {
        await h.close();
        await site.close();
      },
    } satisfies { h: FirefoxHarness; site: WatchSite; close(): Promise<void> };
  });

  it('turned on with a click, lists the gone page with its reason, and the popup marks it', async () => {
    const { h, site } = env;
    // The site listens on its own port; Firefox's local names stand for the loopback's address only.
    const at = (name: string) => `http://${name}.${WATCH_DOMAIN}:${site.port}/`;
    for (const name of ['fine', 'gone']) {
      const res = await fetch(`${h.service.url}/api/link`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: at(name) }),
      });
      assert.equal(res.status, 200);
    }

    const page = await connectInOptions(h);

    await page.close();
    const settings = await h.openPage('options.html#watch');
    // A page opened after Save: the switch shows once the background answers for the saved profile.
    await settings.waitForSelector('#watchDestinations', { timeout: 15_000 });
    await settings.click('#watchDestinations');
    await settings.waitForSelector('#watchDestinations:checked');
    await waitForText(settings, 'Last finished', 60_000);
    await settings.waitForFunction(() => document.querySelectorAll('.watch-problems li').length > 0, { polling: 200, timeout: 30_000 });
    const listed = await settings.$$eval('.watch-problems li', (items) => items.map((li) => (li as HTMLElement).innerText));
    assert.equal(listed.length, 1, listed.join('\n'));
    assert.match(listed[0] ?? '', /Gone since .+: the page answers 404/);
    await settings.close();

    const popup = await h.openPage('popup.html');
    await waitForText(popup, ': the page answers 404', 15_000);
    await popup.close();
  });

  it('warns before shortening a gone page, and tells once when a link people clicked becomes gone', async () => {
    const { h, site } = env;
    const at = (name: string, path = '') => `http://${name}.${WATCH_DOMAIN}:${site.port}/${path}`;
    const gonePage = at('gone', 'old-offer');
    const popup = await h.openPage(`popup.html?url=${encodeURIComponent(gonePage)}`);
    await waitForText(popup, 'This page looks broken', 15_000);
    await waitForText(popup, 'Gone: the page answers 404');
    assert.ok(!(await h.listLinks()).some((l) => l.longUrl === gonePage), 'nothing made before the user says so');
    await clickButton(popup, 'Shorten anyway');
    await popup.waitForSelector('#short-link', { timeout: 15_000 });
    await eventually(async () => ((await h.listLinks()).some((l) => l.longUrl === gonePage) ? true : undefined), 'the link made anyway');
    await popup.close();

    const res = await fetch(`${h.service.url}/api/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: at('flip') }),
    });
    const { shortUrl } = ((await res.json()) as { data: { shortUrl: string } }).data;
    const settings = await h.openPage('options.html#watch');
    await settings.waitForSelector('#watchDestinations:checked', { timeout: 15_000 });
    await settings.evaluate(async () => {
      const g = globalThis as unknown as WithBrowser;
      g.shownForTest = [];
      const bg = await g.browser.runtime.getBackgroundPage();
      const create = bg.browser.notifications.create.bind(bg.browser.notifications);
      bg.browser.notifications.create = (id, options) => {
        g.shownForTest?.push({ title: options.title, message: options.message });
        return create(id, options);
      };
    });
    const run = async () => {
      const status = () => settings.evaluate(async () => (await (globalThis as unknown as WithBrowser).browser.runtime.sendMessage({ type: 'watchStatus', data: {} })).value);
      const before = (await status()).lastFinishedAt ?? 0;
      await clickButton(settings, 'Check now');
      await eventually(async () => {
        const now = await status();
        return now.running === null && (now.lastFinishedAt ?? 0) > before ? true : undefined;
      }, 'the run to finish', 60_000);
    };
    await run();
    await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': PERSON_UA } });
    await eventually(async () => {
      const list = await fetch(`${h.service.url}/api/link?workspaceId=${h.workspaceId}&pageSize=100`, { headers: { authorization: `Bearer ${h.token}` } });
      const links = ((await list.json()) as { data: { list: { shortUrl: string; totalClicks: number }[] } }).data.list;
      return (links.find((l) => l.shortUrl === shortUrl)?.totalClicks ?? 0) > 0 ? true : undefined;
    }, 'the click to be counted');
    site.answers.set('flip', 410);
    await run();
    const shown = await settings.evaluate(() => (globalThis as unknown as WithBrowser).shownForTest ?? []);
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.equal(shown[0]?.title, 'A link people use is broken');
    assert.match(shown[0]?.message ?? '', /→ Gone: the page answers 410$/);
    await run();
    assert.equal((await settings.evaluate(() => (globalThis as unknown as WithBrowser).shownForTest ?? [])).length, 1, 'not told again while it stays gone');
  });
});
