import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { axeViolations, eventually, useExtension, type Harness } from './fixture';
import { SidePanelPage } from './pages/sidepanel-page';
import { GEO_HEADERS, PREVIEW_BOT_UAS } from './service-parts';

/** Visitors: a browser each (by User-Agent) and a place (by the trusted geo headers). */
const VISITS: { ua: string; state: string; city: string; country?: string }[] = [
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', state: 'Karnataka', city: 'Bengaluru' },
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', state: 'Maharashtra', city: 'Mumbai' },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', state: 'Kerala', city: 'Kochi' },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', state: 'Bihar', city: 'Patna' },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', state: 'Delhi', city: 'New Delhi' },
  // A country as the usual geo headers send it: a code, which the panel names.
  { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', state: 'California', city: 'San Francisco', country: 'US' },
];
const EXPECTED_BROWSERS = new Map([
  ['Firefox', 3],
  ['Chrome', 2],
  ['Safari', 1],
]);

async function createLink(h: Harness, longUrl: string): Promise<{ linkId: string; shortUrl: string }> {
  const res = await fetch(`${h.service.url}/api/link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  const body = (await res.json()) as { data: { linkId: string; shortUrl: string } };
  return body.data;
}

async function analyticsOf(h: Harness, linkId: string): Promise<{ freeUserData: { scoreCardDetails: { data: { totalClicks: number } } }; botClicks?: number }> {
  const res = await fetch(`${h.service.url}/api/link/${linkId}/${h.workspaceId}`, { headers: { authorization: `Bearer ${h.token}` } });
  return ((await res.json()) as { data: { freeUserData: { scoreCardDetails: { data: { totalClicks: number } } }; botClicks?: number } }).data;
}

async function totalClicks(h: Harness, linkId: string): Promise<number> {
  return (await analyticsOf(h, linkId)).freeUserData.scoreCardDetails.data.totalClicks;
}

describe('side panel: a link\'s analytics from the real service', () => {
  const h = useExtension({ connect: true });
  let link: { linkId: string; shortUrl: string };
  /** When the visits were made: every click's time lies between. */
  const clicked = { from: 0, to: 0 };
  before(async () => {
    link = await createLink(h, `${h.site.url}/charted`);
    clicked.from = Date.now();
    for (const visit of VISITS) {
      const res = await fetch(link.shortUrl, {
        redirect: 'manual',
        headers: { 'user-agent': visit.ua, [GEO_HEADERS.country]: visit.country ?? 'India', [GEO_HEADERS.state]: visit.state, [GEO_HEADERS.city]: visit.city },
      });
      assert.equal(res.status, 302);
    }
    // The link shared in chats: their previews fetch it, get the redirect, and are not clicks.
    for (const ua of PREVIEW_BOT_UAS) {
      const res = await fetch(link.shortUrl, { redirect: 'manual', headers: { 'user-agent': ua, [GEO_HEADERS.country]: 'India', [GEO_HEADERS.state]: 'Goa' } });
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), `${h.site.url}/charted`);
    }
    clicked.to = Date.now();
    // The service writes clicks about once a second.
    await eventually(async () => {
      const data = await analyticsOf(h, link.linkId);
      return data.freeUserData.scoreCardDetails.data.totalClicks === VISITS.length && data.botClicks === PREVIEW_BOT_UAS.length ? true : undefined;
    }, 'the clicks and the previews written');
  });

  it('says which link it is about before any chart, then the figures, the trend and the ranked lists', async () => {
    const panel = await SidePanelPage.openLink(h, link.linkId);
    await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the overview');
    // The header: the short link whole (Copy beside it), the destination's title or host, the clicks.
    const header = panel.page.locator('header.link-header');
    assert.equal(await header.locator('.short-link').textContent(), link.shortUrl.replace(/^https?:\/\//, ''));
    await eventually(async () => ((await panel.heading()) === 'Demo charted' ? true : undefined), 'the destination\'s title');
    assert.match((await header.locator('.link-meta').textContent()) ?? '', new RegExp(`^${VISITS.length} clicks · Created `));
    // The previews are left out of the total, and the overview says how many.
    const overview = panel.page.getByRole('region', { name: 'Overview' });
    await overview.getByText(`${PREVIEW_BOT_UAS.length} visits by link previews and bots not counted`, { exact: true }).waitFor();
    assert.equal(await panel.figure('analyticsUniqueStates'), String(new Set(VISITS.map((v) => v.state)).size));
    // The page's own title says it too (a tab of its own, a window list).
    assert.match(await panel.page.title(), /^Analytics of /);

    // Countries by name, whether sent as a name or as a code.
    const countries = await panel.bars('clickedCountries');
    assert.deepEqual(countries, [['India', String(VISITS.length - 1)], ['United States', '1']]);
    // Every label of a ranked list, as text, with its count; the same figures in its data table.
    const browsers = await panel.bars('topBrowsers');
    assert.deepEqual(new Map(browsers.map(([name, count]) => [name, Number(count)])), EXPECTED_BROWSERS);
    assert.deepEqual(await panel.tableRows('topBrowsers'), browsers);
    assert.equal((await panel.bars('topCities')).length, VISITS.length);

    // The charts over time are drawn (pixels read back from the canvas), days as dates, not ISO strings.
    const drawn = await eventually(async () => {
      const pixels = await panel.drawnPixels();
      return (pixels.daywiseDevices ?? 0) > 0 && (pixels.hourDayClicks ?? 0) > 0 ? pixels : undefined;
    }, 'the trend and the hours drawn');
    assert.ok(drawn);
    const days = await panel.tableRows('daywiseDevices');
    assert.ok(days.every(([day]) => !/^\d{4}-\d{2}-\d{2}$/.test(day ?? '')), JSON.stringify(days));
    assert.equal(days.reduce((sum, row) => sum + Number(row[row.length - 1]), 0), VISITS.length);

    // Devices and platforms once each; the advanced analytics closed, behind one disclosure.
    assert.equal(await panel.page.locator('[data-tab="topDevices"]').count(), 1);
    assert.equal(await panel.page.locator('[data-tab="topPlatforms"]').count(), 1);
    const more = panel.page.locator('details.more-analytics');
    assert.equal(await more.getAttribute('open'), null);
    await more.locator('summary').click();
    await more.locator('[data-block="advPie:power_parity_recommendation"] .bar-list').waitFor();

    // The CSV (its writer fetched on the click), from the panel's menu, holds the browsers' table.
    const [download] = await Promise.all([panel.page.waitForEvent('download'), panel.exportAs('Export CSV')]);
    assert.match(download.suggestedFilename(), /^analytics-[A-Za-z0-9_-]+\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    for (const [name, count] of browsers) assert.ok(csv.includes(`${name},${count}`), `CSV row for ${name}: ${csv.slice(0, 400)}`);
    assert.ok(csv.includes('United States,1'), 'countries by name in the CSV');

    assert.deepEqual(await axeViolations(panel.page), []);
    await panel.page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(panel.page), [], 'dark theme');
    await panel.close();
  });

  it('exports the raw answer as a JSON download (the CSV is checked above)', async () => {
    const panel = await SidePanelPage.openLink(h, link.linkId);
    await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the overview');
    const [download] = await Promise.all([panel.page.waitForEvent('download'), panel.exportAs('Export JSON')]);
    assert.match(download.suggestedFilename(), /\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as { freeUserData: { scoreCardDetails: { data: { totalClicks: number } } } };
    assert.equal(data.freeUserData.scoreCardDetails.data.totalClicks, VISITS.length);
    await panel.close();
  });

  it('reopening shows the cached figures with their age; a service down is "can\'t reach <host>", offline only when the browser is', async () => {
    const panel = await SidePanelPage.openLink(h, link.linkId);
    await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the overview');
    await panel.page.getByText(/^Updated /).waitFor();

    // The service down, the network up: the real host, the last figures kept.
    h.setServiceDown(true);
    try {
      await panel.refresh();
      // Once: the real host and how old the figures are, with one way to try again (no Refresh beside it).
      await panel.page.getByText(new RegExp(`^Can't reach ${new URL(h.apiBase).host.replace(/\./g, '\\.')}\\. These figures are from .+ ago\\.$`)).waitFor();
      assert.equal(await panel.page.getByText(/offline/i).count(), 0);
      assert.equal(await panel.page.getByRole('button', { name: 'Refresh' }).count(), 0);
      assert.equal(await panel.page.getByRole('button', { name: 'Try again' }).count(), 1);
      assert.equal(await panel.figure('analyticsTotalClicks'), String(VISITS.length));
    } finally {
      h.setServiceDown(false);
    }
    // The browser offline: that, and nothing else.
    await h.context.setOffline(true);
    try {
      await panel.retry();
      await panel.page.getByText(/^You're offline\. These figures are from .+ ago\.$/).waitFor();
      assert.equal(await panel.page.getByText(/^Can't reach/).count(), 0);
    } finally {
      await h.context.setOffline(false);
    }
    // Back online (the worker may take a moment to see it): a refresh brings fresh figures, the banner gone.
    await eventually(async () => {
      if ((await panel.page.locator('.banner').count()) === 0) return true;
      const retry = panel.page.getByRole('button', { name: /^(Refresh|Try again)$/ });
      if ((await retry.count()) === 1 && (await retry.isEnabled())) await retry.click();
      return undefined;
    }, 'the banner gone once online', 20_000);
    await panel.close();
  });

  it('the service out of reach, a link seen before: its header from the device, the age of its figures said once, no forms, one way to try again', async () => {
    // Seen before: shortened from this browser (the device's link cache knows it), then its figures shown once.
    const popup = await h.openPage(`popup.html?url=${encodeURIComponent(`${h.site.url}/seen-before`)}`);
    await popup.locator('#short-link').waitFor();
    await popup.close();
    const listed = (await (await fetch(`${h.service.url}/api/link?workspaceId=${h.workspaceId}&pageSize=100`, { headers: { authorization: `Bearer ${h.token}` } })).json()) as {
      data: { list: { _id: string; longUrl: string; shortUrl: string }[] };
    };
    const seen = listed.data.list.find((l) => l.longUrl === `${h.site.url}/seen-before`);
    assert.ok(seen);
    for (const visit of VISITS.slice(0, 2)) assert.equal((await fetch(seen.shortUrl, { redirect: 'manual', headers: { 'user-agent': visit.ua } })).status, 302);
    await eventually(async () => ((await totalClicks(h, seen._id)) === 2 ? true : undefined), 'the clicks written');
    const first = await SidePanelPage.openLink(h, seen._id);
    await eventually(async () => ((await first.figure('analyticsTotalClicks')) === '2' ? true : undefined), 'the overview');
    await first.page.getByText('Record a lead or sale for this link').waitFor();
    await first.close();
    h.setServiceDown(true);
    try {
      const panel = await SidePanelPage.openLink(h, seen._id);
      const host = new URL(h.apiBase).host;
      await panel.page.getByText(new RegExp(`^Can't reach ${host.replace(/\./g, '\\.')}\\. These figures are from .+\\.$`)).waitFor();
      // The header the device can build: the short link whole, never "not found" nor a raw id.
      assert.equal(await panel.page.locator('header.link-header .short-link').textContent(), seen.shortUrl.replace(/^https?:\/\//, ''));
      assert.equal(await panel.page.getByText(/not found/i).count(), 0);
      assert.equal(await panel.page.getByText(seen._id).count(), 0);
      assert.equal(await panel.figure('analyticsTotalClicks'), '2');
      // Said once; nothing to send while the service is away; one way to try again.
      assert.equal(await panel.page.getByText(new RegExp(`Can't reach`)).count(), 1);
      assert.equal(await panel.page.getByText('Record a lead or sale for this link').count(), 0);
      assert.equal(await panel.page.getByRole('button', { name: /^(Refresh|Try again)$/ }).count(), 1);
      assert.deepEqual(await axeViolations(panel.page), []);
      await panel.close();
    } finally {
      h.setServiceDown(false);
    }
  });

  it('the service out of reach, a link never seen: named by its id, "can\'t reach" once, no "not found", no forms', async () => {
    h.setServiceDown(true);
    try {
      const panel = await SidePanelPage.openLink(h, 'lnk_never_seen');
      const host = new URL(h.apiBase).host;
      await panel.page.getByText(`Can't reach ${host}, and no figures of this link are saved yet. Check that the service is running, then try again.`).waitFor();
      await panel.page.getByRole('heading', { name: 'Link lnk_never_seen' }).waitFor();
      assert.equal(await panel.page.getByText(/not found|couldn't be read/i).count(), 0);
      assert.equal(await panel.page.getByText('Record a lead or sale for this link').count(), 0);
      assert.equal(await panel.page.getByRole('button', { name: /^(Refresh|Try again)$/ }).count(), 1);
      // The service back: Try again brings the service's own answer (this id names no link), and only then "not found".
      h.setServiceDown(false);
      await panel.page.getByRole('button', { name: 'Try again' }).click();
      await panel.page.getByRole('heading', { name: 'Link not found' }).waitFor();
      await panel.close();
    } finally {
      h.setServiceDown(false);
    }
  });

  /**
   * A zone where the clicks, made now, fell on another date than in UTC: twelve hours behind
   * before noon UTC, fourteen ahead after (both are real zones).
   */
  const otherDate = () => (new Date(clicked.from).getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati');
  for (const named of ['America/New_York', 'Asia/Kolkata', 'a zone where the clicks fell on another date than in UTC']) {
    it(`hours of the day and days of the trend in the browser's zone (${named}), each labelled by its true local start`, async () => {
      const zone = named.includes('/') ? named : otherDate();
      const res = await fetch(`${h.service.url}/api/link/${link.linkId}/${h.workspaceId}`, { headers: { authorization: `Bearer ${h.token}` } });
      const hours = ((await res.json()) as { data: { linkDetailsData: { hourDayClicks: { data: { series: number[] } } } } }).data.linkDetailsData.hourDayClicks.data.series;
      // What each UTC hour with clicks is on the zone's clock today.
      const clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      const today = new Date();
      const expected = hours.flatMap((count, hour) =>
        count > 0 ? [[clock.format(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hour)), String(count)]] : [],
      );
      const panel = await SidePanelPage.openLinkInZone(h, link.linkId, zone);
      // Closed even when a check fails: an open page keeps its zone override for the next test.
      try {
        await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the overview');
        const card = panel.page.locator('section.block-card').filter({ has: panel.page.locator('[data-block="hourDayClicks"]') });
        const heading = (await card.locator('h2').textContent()) ?? '';
        assert.match(heading, /^Clicks by hour of day, your time \(GMT[+\u2212]\d{1,2}(:30)?\)$/);
        assert.doesNotMatch(heading, /UTC/);
        const rows = await panel.tableRows('hourDayClicks');
        assert.equal(rows.length, 24);
        assert.deepEqual(rows.filter(([, count]) => count !== '0'), expected);
        if (zone === 'Asia/Kolkata') assert.ok(rows.every(([label]) => /^\d\d:30$/.test(label ?? '')), JSON.stringify(rows));
        else assert.equal(rows[0]?.[0], '00:00');

        // The 7 days are the zone's dates, today's last: the clicks on the date they were made there.
        const date = (at: number, timeZone: string) => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone }).format(at);
        // The service counts each UTC hour on the date of its middle, the hour under way today (docs/service.md).
        const countedOn = (at: number) => {
          const middle = Math.floor(at / 3_600_000) * 3_600_000 + 1_800_000;
          return date(Math.min(middle, Date.now()), zone);
        };
        const clickDates = new Set([countedOn(clicked.from), countedOn(clicked.to)]);
        if (!named.includes('/')) assert.ok(!clickDates.has(date(clicked.from, 'UTC')), `${zone}: the clicks are on another date than in UTC`);
        await eventually(async () => {
          const table = await panel.tableRows('daywiseDevices');
          const onClickDates = table.filter(([day]) => clickDates.has(day ?? '')).reduce((sum, row) => sum + Number(row[row.length - 1]), 0);
          return onClickDates === VISITS.length && table.at(-1)?.[0] === date(Date.now(), zone) ? true : undefined;
        }, `the clicks on their date in ${zone}`);
        // Days in the reader's zone need no word; months are still UTC months, and say so.
        assert.equal(await panel.page.getByText(/counted in/).count(), 0);
        await panel.show('monthYearPlatform');
        await panel.page.getByText(/^Months are counted in UTC: each month here starts at \d\d:\d\d your time\.$/).waitFor();
      } finally {
        await panel.close();
      }
    });
  }

  it('a link with no clicks: one empty state with Copy, not one per chart; a chat\'s preview that fetched it said apart', async () => {
    const quiet = await createLink(h, `${h.site.url}/quiet`);
    // Posted in a chat: its preview fetched the link, nobody opened it yet.
    assert.equal((await fetch(quiet.shortUrl, { redirect: 'manual', headers: { 'user-agent': PREVIEW_BOT_UAS[1] } })).status, 302);
    await eventually(async () => ((await analyticsOf(h, quiet.linkId)).botClicks === 1 ? true : undefined), 'the preview written');
    const panel = await SidePanelPage.openLink(h, quiet.linkId);
    const empty = panel.page.locator('[data-empty="no-clicks"]');
    await empty.getByRole('heading', { name: 'No clicks yet' }).waitFor();
    await empty.getByRole('button', { name: 'Copy' }).waitFor();
    await empty.getByText('1 visit by a link preview or bot not counted', { exact: true }).waitFor();
    assert.equal(await panel.page.locator('[data-block]').count(), 0);
    assert.equal(await panel.page.getByText('Nothing to show here yet.').count(), 0);
    assert.deepEqual(await axeViolations(panel.page), []);
    await panel.close();
  });

  it('a link the service does not have: "Link not found" because the service said so, with Refresh that asks again', async () => {
    const page = await h.openPage('sidepanel.html?linkId=no-such-link');
    await page.getByRole('heading', { name: 'Link not found' }).waitFor();
    await page.getByText('The service says this workspace has no link with this ID.').waitFor();
    assert.equal(await page.getByText('Record a lead or sale for this link').count(), 0);
    h.resetRequests();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await eventually(async () => (h.requestPaths().some((p) => p.includes('/no-such-link/')) ? true : undefined), 'the retry reaching the service');
    await page.close();
  });

  it('a hostile answer: names stay text, broken blocks say so in words, the rest still draws', async () => {
    const answer = (await (
      await fetch(`${h.service.url}/api/link/${link.linkId}/${h.workspaceId}`, { headers: { authorization: `Bearer ${h.token}` } })
    ).json()) as { data: { linkDetailsData: Record<string, unknown> & { topBrowsers: { data: { browsers: { browser: string; count: number }[] } } } } };
    const data = answer.data;
    data.linkDetailsData.topBrowsers.data.browsers[0]!.browser = '<img src=x onerror="document.title=1">Evil';
    data.linkDetailsData.topDevices = { chart: 'bar', data: 'not a list' };
    delete data.linkDetailsData.topPlatforms;
    // Put it in the page cache as the background would, with the service out of reach so no refresh replaces it.
    h.setServiceDown(true);
    try {
      const opener = await h.openPage('options.html');
      await opener.evaluate(
        ({ key, data }) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('shortlink-analytics');
            open.onupgradeneeded = () => open.result.createObjectStore('answers');
            open.onerror = () => reject(new Error('open failed'));
            open.onsuccess = () => {
              const tx = open.result.transaction('answers', 'readwrite');
              tx.objectStore('answers').put({ v: 1, fetchedAt: Date.now(), data }, key);
              tx.oncomplete = () => (open.result.close(), resolve());
            };
          }),
        { key: JSON.stringify([h.apiBase, h.workspaceId, 'lnk_hostile']), data },
      );
      await opener.close();
      const panel = await SidePanelPage.openLink(h, 'lnk_hostile');
      // Devices (the first tab) cannot be read; platforms were not sent; browsers still list every name, as text.
      await panel.page.locator('[data-block="topDevices"]').getByText("These figures could not be read: “Devices” in the service's answer is not in a form the panel knows.").waitFor();
      await panel.show('topPlatforms');
      await panel.page.getByText("These figures could not be read: the service's answer has no “Platforms”.").waitFor();
      assert.equal(await panel.page.getByText('Nothing to show here yet.').count(), 0);
      const bars = await panel.bars('topBrowsers');
      assert.ok(bars.some(([name]) => name === '<img src=x onerror="document.title=1">Evil'), JSON.stringify(bars));
      const rows = await panel.tableRows('topBrowsers');
      assert.ok(rows.some(([name]) => name === '<img src=x onerror="document.title=1">Evil'), JSON.stringify(rows));
      assert.equal(await panel.page.locator('img[src="x"]').count(), 0);
      assert.notEqual(await panel.page.title(), '1');
      const drawn = await eventually(async () => {
        const pixels = await panel.drawnPixels();
        return (pixels.daywiseDevices ?? 0) > 0 && (pixels.hourDayClicks ?? 0) > 0 ? pixels : undefined;
      }, 'the intact charts drawn');
      assert.ok(drawn);
      await panel.close();
    } finally {
      h.setServiceDown(false);
    }
  });

  it('without a linkId: the picker lists the workspace\'s links; choosing one shows it', async () => {
    const panel = await SidePanelPage.open(h);
    const listed = await eventually(async () => {
      const links = await panel.listedShortLinks();
      return links.length > 0 ? links : undefined;
    }, 'the links listed');
    assert.ok(listed.includes(link.shortUrl), JSON.stringify(listed));
    // Each with its title and clicks.
    await panel.page.locator('.picker-list li').filter({ hasText: link.shortUrl }).getByText(`${VISITS.length} clicks`).waitFor();
    await panel.page.getByRole('button', { name: new RegExp(link.shortUrl) }).click();
    await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the chosen link');
    // The switcher in the header goes back to the list, which goes back to the link.
    await panel.page.getByRole('button', { name: 'Switch link' }).click();
    await panel.page.getByRole('button', { name: 'Back to the link' }).click();
    await panel.page.locator('header.link-header .short-link').waitFor();
    await panel.close();
  });
});
