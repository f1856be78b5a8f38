/**
 * The destination check in Firefox (ESR, over WebDriver BiDi): connected in
 * the options page as a user does, the check turned on with a click (the
 * pref that skips the optional-permission prompt stands for the user's
 * "Allow"), and its first run against a local site under named hosts
 * (Firefox's network.dns.localDomains sends them to the loopback): the 404
 * is listed with its reason in Settings and the fine page is not, and the
 * popup's recent row carries the mark.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useHarness } from './fixture';
import { clickButton, startFirefoxHarness, waitForText, type FirefoxHarness } from './firefox-harness';
import { startWatchSite, WATCH_DOMAIN, type WatchSite } from './watch-site';

const NAMES = ['fine', 'gone'];

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

    const page = await h.openPage('options.html');
    await page.type('[name="name"]', 'Main');
    await page.type('[name="baseUrl"]', h.apiBase);
    await page.type('[name="token"]', h.token);
    await page.type('[name="workspaceId"]', h.workspaceId);
    await clickButton(page, 'Save');
    await waitForText(page, 'Saved.');

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
});
