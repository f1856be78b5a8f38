/**
 * The extension in real Firefox (Debian's firefox-esr, over WebDriver BiDi)
 * against the real service: connecting, one-click shortening, the offline
 * queue across a restart of the background (an event page in Firefox), the
 * sidebar's analytics, and the popup's recent rows (figures apart, neutral
 * icons for an IP host, scrollbars in the theme's colours). What runs only in Chromium, and why: README.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'puppeteer-core';
import { eventually, useHarness } from './fixture';
import { clickButton, connectInOptions, startFirefoxHarness, waitForText, type FirefoxHarness } from './firefox-harness';
import { GEO_HEADERS, PERSON_UA } from './service-parts';
import { POPUP_FIRST_SCRIPT } from '../../lib/popup/early-slot';

/** The extension's `browser` global in its pages, as the functions evaluated there use it. */
interface WithBrowser {
  browser: {
    action: { getBadgeText(details: Record<string, never>): Promise<string> };
    runtime: { reload(): void; getBackgroundPage(): Promise<Record<string, unknown>> };
    permissions: { getAll(): Promise<{ origins?: string[] }> };
    notifications: { onClosed: { addListener(listener: (id: string) => void): void } };
  };
}

async function badgeText(h: FirefoxHarness): Promise<string> {
  const page = await h.openPage('options.html');
  const text = await page.evaluate(() => (globalThis as unknown as WithBrowser).browser.action.getBadgeText({}));
  await page.close();
  return text;
}

async function shortLinkShown(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => document.querySelector('#short-link')?.getAttribute('data-url') || false,
    { polling: 100, timeout: 15_000 },
  );
  return (await handle.jsonValue()) as string;
}

describe('Firefox: the extension against the real service', () => {
  const h = useHarness(() => startFirefoxHarness());

  it('connects in the options page: Save asks for the service\'s origin, Test connection reaches it', async () => {
    const page = await connectInOptions(h);
    const granted = await page.evaluate(() => (globalThis as unknown as WithBrowser).browser.permissions.getAll());
    assert.deepEqual(granted.origins, ['http://127.0.0.1/*']);

    h.proxy.reset();
    await clickButton(page, 'Test connection');
    await waitForText(page, 'Connected');
    assert.ok(h.proxy.count() >= 1, 'the test reached the service');
    await page.close();
  });

  it('one click: the popup page shortens its page on the service and shows the link', async () => {
    const target = `${h.site.url}/firefox-article`;
    const popup = await h.openPage(`popup.html?url=${encodeURIComponent(target)}`);
    const shown = await shortLinkShown(popup);
    const made = (await h.listLinks()).filter((l) => l.longUrl === target);
    assert.equal(made.length, 1);
    assert.equal(shown, made[0]?.shortUrl);
    // One document: the recent list is in it (no frames). Firefox gives extensions no page icons, and no
    // letter stands for an IP address (its "1" read as a figure): every page here, on 127.0.0.1, gets a neutral icon.
    await waitForText(popup, 'Recent links');
    const page = await popup.evaluate(() => ({
      frames: document.querySelectorAll('iframe').length,
      icons: document.querySelectorAll('img.page-icon').length,
      letters: document.querySelectorAll('.page-icon.letter').length,
      neutral: document.querySelectorAll('.page-icon.neutral svg').length,
    }));
    assert.equal(page.frames, 0);
    assert.equal(page.icons, 0);
    assert.equal(page.letters, 0);
    assert.ok(page.neutral >= 1);
    await waitForText(popup, 'Copied');
    await popup.close();

    // Opened again: the link comes from local storage, and the popup's first script copies it before the page has loaded.
    const again = await h.openPage(`popup.html?url=${encodeURIComponent(target)}`);
    assert.equal(await shortLinkShown(again), shown);
    const early = await again.evaluate(async (name: string) => {
      const slots = globalThis as unknown as Record<string, { begun: { start: Promise<{ copying?: { done: Promise<boolean> } }> } } | undefined>;
      const start = await slots[name]?.begun.start;
      return start?.copying === undefined ? 'no early copy' : await start.copying.done;
    }, POPUP_FIRST_SCRIPT);
    assert.equal(early, true, 'the first script copied the link');
    await waitForText(again, 'Copied');
    await again.close();
  });

  it('keeps a queued link across a restart of the background and sends it once after', async () => {
    const target = `${h.site.url}/survives-reload`;
    h.proxy.setDown(true);
    const popup = await h.openPage(`popup.html?url=${encodeURIComponent(target)}`);
    // The service is down, not the network: the popup names it and says what happens next.
    await waitForText(popup, `Can't reach ${new URL(h.apiBase).host}.`);
    await waitForText(popup, 'Your link is saved and will be made when it answers.');
    await popup.close();
    assert.equal(await eventually(async () => ((await badgeText(h)) === '1' ? '1' : undefined), 'badge 1'), '1');

    // Reloading the extension ends its event page and every page, and starts the background
    // afresh: only what the queue keeps in IndexedDB can survive it.
    // A mark on the background's window tells the old background from the new one.
    const page = await h.openPage('options.html');
    await page.evaluate(async () => {
      (await (globalThis as unknown as WithBrowser).browser.runtime.getBackgroundPage()).shortlinkOldBackground = true;
    });
    await page.evaluate(() => (globalThis as unknown as WithBrowser).browser.runtime.reload()).catch(() => undefined);
    await page.close().catch(() => undefined);
    // Give the new background time to start and fail its first try while the service is still down.
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal((await h.listLinks()).filter((l) => l.longUrl === target).length, 0, 'nothing reached the service yet');

    const check = await h.openPage('options.html');
    const marked = await check.evaluate(
      async () => (await (globalThis as unknown as WithBrowser).browser.runtime.getBackgroundPage()).shortlinkOldBackground === true,
    );
    await check.close();
    assert.equal(marked, false, 'the background was restarted');

    // Headless Firefox closes a notification as soon as it is made: a page notes each one closed.
    // It opens while the service is still down, so the send a page asks for on opening fails too.
    const watcher = await h.openPage('options.html');
    await watcher.evaluate(() => {
      const closed: string[] = [];
      (globalThis as unknown as { notesClosed: string[] }).notesClosed = closed;
      (globalThis as unknown as WithBrowser).browser.notifications.onClosed.addListener((id) => closed.push(id));
    });

    h.proxy.setDown(false);
    // No page asks for it: the background's replay alarm sends it.
    await eventually(
      async () => ((await h.listLinks()).some((l) => l.longUrl === target) ? true : undefined),
      'the queued link on the service',
      40_000,
    );
    assert.equal((await h.listLinks()).filter((l) => l.longUrl === target).length, 1, 'created exactly once');
    // The background told the user (a notification of the queued item, shortlink-queue-<id>).
    await eventually(
      async () => {
        const closed = JSON.parse(await watcher.evaluate(() => JSON.stringify((globalThis as unknown as { notesClosed: string[] }).notesClosed))) as string[];
        return closed.some((id) => id.startsWith('shortlink-queue-')) ? true : undefined;
      },
      'the notification of the queued link',
    );
    await watcher.close();
    await eventually(async () => ((await badgeText(h)) === '' ? true : undefined), 'the badge to clear');
  });

  it('the sidebar page draws a link\'s analytics', async () => {
    const link = (await h.listLinks()).find((l) => l.longUrl === `${h.site.url}/firefox-article`);
    assert.ok(link);
    for (const state of ['Karnataka', 'Kerala', 'Goa']) {
      const res: Response = await fetch(link.shortUrl, { redirect: 'manual', headers: { 'user-agent': PERSON_UA, [GEO_HEADERS.country]: 'India', [GEO_HEADERS.state]: state } });
      assert.equal(res.status, 302);
    }
    const panel = await h.openPage(`sidepanel.html?linkId=${encodeURIComponent(link._id)}`);
    const totalOf = () =>
      panel.evaluate(() => document.querySelector('[data-block="scoreCard"] [data-figure="analyticsTotalClicks"] dd')?.textContent ?? '');
    // The service writes clicks about once a second; Refresh asks again.
    await eventually(async () => {
      if ((await totalOf()) === '3') return true;
      await clickButton(panel, 'Refresh');
      return undefined;
    }, 'three clicks on the score card', 20_000);
    // The trend on canvas (pixels read back), the states as a bar list under their tab.
    const drawn = await eventually(async () => {
      const pixels = await panel.evaluate(() => {
        const out: Record<string, number> = {};
        for (const block of document.querySelectorAll<HTMLElement>('[data-block]')) {
          const canvas = block.querySelector('canvas');
          const ctx = canvas?.getContext('2d');
          if (!canvas || !ctx || canvas.width === 0 || canvas.height === 0) continue;
          const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
          let n = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n += 1;
          out[block.dataset.block ?? '?'] = n;
        }
        return out;
      });
      return (pixels.daywiseDevices ?? 0) > 0 && (pixels.hourDayClicks ?? 0) > 0 ? pixels : undefined;
    }, 'the charts drawn');
    assert.ok(drawn);
    await panel.evaluate(() => document.querySelector<HTMLElement>('[role="tab"][data-tab="topStates"]')?.click());
    const states = await eventually(async () => {
      const names = await panel.evaluate(() => Array.from(document.querySelectorAll('[data-block="topStates"] .bar-label'), (el) => el.textContent ?? ''));
      return names.length === 3 ? names : undefined;
    }, 'the states listed');
    assert.deepEqual([...states].sort(), ['Goa', 'Karnataka', 'Kerala']);
    await panel.close();
  });

  it('a recent row with 97 clicks and two long tags at 360 px: no figure touches another; neutral icons; a dark scrollbar in the dark theme', async () => {
    const headers = { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' };
    const res = await fetch(`${h.service.url}/api/link`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: `${h.site.url}/spring-collection-2026-launch-event-tickets-and-early-bird-offers` }),
    });
    const link = ((await res.json()) as { data: { linkId: string; shortUrl: string } }).data;
    await fetch(`${h.service.url}/api/link`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ workspaceId: h.workspaceId, linkId: link.linkId, tags: ['spring-launch-2026', 'newsletter-subscribers'] }),
    });
    for (let i = 0; i < 97; i += 1) assert.equal((await fetch(link.shortUrl, { redirect: 'manual', headers: { 'user-agent': PERSON_UA } })).status, 302);
    await eventually(async () => {
      const r = await fetch(`${h.service.url}/api/link/${link.linkId}/${h.workspaceId}`, { headers });
      const body = (await r.json()) as { data: { freeUserData: { scoreCardDetails: { data: { totalClicks: number } } } } };
      return body.data.freeUserData.scoreCardDetails.data.totalClicks === 97 ? true : undefined;
    }, 'the clicks written', 20_000);

    const popup = await h.openPage(`popup.html?url=${encodeURIComponent(`${h.site.url}/firefox-rows`)}`);
    await popup.setViewport({ width: 360, height: 600 });
    await waitForText(popup, '97 clicks', 15_000);
    const row = await popup.evaluate((shortUrl: string) => {
      const li = document.querySelector(`.row-short[data-url="${shortUrl}"]`)?.closest('li');
      if (!li) return null;
      // Every element of the row's text that draws words or figures of its own.
      const boxes = Array.from(li.querySelectorAll<HTMLElement>('.row-text *'))
        .filter((el) => el.closest('.visually-hidden') === null && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== ''))
        .map((el) => {
          const box = el.getBoundingClientRect();
          return { text: el.innerText, left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        });
      return { boxes, text: li.innerText, icon: li.querySelector('.page-icon')?.className ?? '', iconText: li.querySelector('.page-icon')?.textContent ?? '' };
    }, link.shortUrl);
    assert.ok(row);
    assert.ok(row.boxes.some((b) => b.text === '97 clicks'), JSON.stringify(row.boxes));
    assert.ok(row.boxes.some((b) => b.text.trim() === '2 tags'), JSON.stringify(row.boxes));
    assert.doesNotMatch(row.text, /\+\d/);
    for (const [i, a] of row.boxes.entries()) {
      for (const b of row.boxes.slice(i + 1)) {
        const xGap = Math.max(b.left - a.right, a.left - b.right);
        const yGap = Math.max(b.top - a.bottom, a.top - b.bottom);
        assert.ok(yGap >= 0 || xGap >= 6, `"${a.text}" and "${b.text}" touch: ${JSON.stringify([a, b])}`);
      }
    }
    assert.match(row.icon, /neutral/);
    assert.equal(row.iconText, '');

    // The dark theme's scroll box: a thumb of the theme's, not the browser's white strip.
    const thumbs = await popup.evaluate(() => {
      const box = document.querySelector('.popup-scroll') as Element;
      const light = getComputedStyle(box).scrollbarColor;
      document.documentElement.dataset.theme = 'dark';
      return { light, dark: getComputedStyle(box).scrollbarColor };
    });
    assert.match(thumbs.light, /^rgb\(161, 161, 170\)/);
    assert.match(thumbs.dark, /^rgb\(92, 92, 102\)/);
    await popup.close();
  });
});
