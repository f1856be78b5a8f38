/**
 * The destination check in Chromium, against a local site under named hosts
 * (watch-site.ts): the user turns it on in Settings, the first run checks the
 * workspace's links (a fine page, a 404, a redirect to another host, a
 * redirect loop), and "Links to check" and the popup's recent rows say what
 * is wrong with each, in words. The site is asked at most once a second per
 * host. Any site is granted in the build's copy, as after the user's
 * "Allow" (headless Chromium shows no prompt).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, startHarness, useHarness, type Harness } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';
import { startWatchSite, WATCH_DOMAIN, type WatchSite } from './watch-site';

async function createLink(h: Harness, longUrl: string): Promise<string> {
  const res = await fetch(`${h.service.url}/api/link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { data: { shortUrl: string } }).data.shortUrl;
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
    for (const name of ['fine', 'gone', 'moved']) await createLink(h, `http://${name}.${WATCH_DOMAIN}/`);
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
  });
});
