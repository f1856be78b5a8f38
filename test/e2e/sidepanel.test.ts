import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { axeViolations, eventually, useExtension, type Harness } from './fixture';
import { SidePanelPage } from './pages/sidepanel-page';
import { GEO_HEADERS } from './service-parts';

/** Visitors: a browser each (by User-Agent) and a place (by the trusted geo headers). */
const VISITS = [
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', state: 'Karnataka', city: 'Bengaluru' },
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', state: 'Maharashtra', city: 'Mumbai' },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', state: 'Kerala', city: 'Kochi' },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', state: 'Bihar', city: 'Patna' },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', state: 'Delhi', city: 'New Delhi' },
  { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', state: 'Goa', city: 'Panaji' },
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

async function totalClicks(h: Harness, linkId: string): Promise<number> {
  const res = await fetch(`${h.service.url}/api/link/${linkId}/${h.workspaceId}`, { headers: { authorization: `Bearer ${h.token}` } });
  const body = (await res.json()) as { data: { freeUserData: { scoreCardDetails: { data: { totalClicks: number } } } } };
  return body.data.freeUserData.scoreCardDetails.data.totalClicks;
}

describe('side panel: a link\'s analytics from the real service', () => {
  const h = useExtension({ connect: true });
  let link: { linkId: string; shortUrl: string };
  before(async () => {
    link = await createLink(h, `${h.site.url}/charted`);
    for (const visit of VISITS) {
      const res = await fetch(link.shortUrl, {
        redirect: 'manual',
        headers: { 'user-agent': visit.ua, [GEO_HEADERS.country]: 'India', [GEO_HEADERS.state]: visit.state, [GEO_HEADERS.city]: visit.city },
      });
      assert.equal(res.status, 302);
    }
    // The service writes clicks about once a second.
    await eventually(async () => ((await totalClicks(h, link.linkId)) === VISITS.length ? true : undefined), 'the clicks written');
  });

  it('shows N clicks, the browsers sent, and draws every chart', async () => {
    const panel = await SidePanelPage.openLink(h, link.linkId);
    await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the score card');
    assert.equal(await panel.figure('analyticsUniqueStates'), String(new Set(VISITS.map((v) => v.state)).size));

    const browsers = await panel.tableRows('topBrowsers');
    assert.deepEqual(new Map(browsers.map(([name, count]) => [name, Number(count)])), EXPECTED_BROWSERS);

    // Every chart's canvas has pixels drawn, read back from the canvas itself.
    const drawn = await eventually(async () => {
      const pixels = await panel.drawnPixels();
      return Object.keys(pixels).length > 0 && Object.values(pixels).every((n) => n > 0) ? pixels : undefined;
    }, 'every chart drawn');
    for (const id of ['topBrowsers', 'topDevices', 'topPlatforms', 'hourDayClicks', 'clickedCountries', 'topStates', 'topCities', 'advTree:age_groups_recommendation']) {
      assert.ok((drawn[id] ?? 0) > 0, `${id} drawn: ${JSON.stringify(drawn)}`);
    }
    // A doughnut's legend is text under its canvas: one entry per slice, as in its table.
    const legend = await panel.page.locator('[data-block="topBrowsers"] .chart-legend li').allTextContents();
    assert.deepEqual(legend, browsers.map(([name]) => name));

    // The CSV (its writer fetched on the click) holds the browsers' table.
    const [download] = await Promise.all([panel.page.waitForEvent('download'), panel.page.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^analytics-[A-Za-z0-9_-]+\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    for (const [name, count] of browsers) assert.ok(csv.includes(`${name},${count}`), `CSV row for ${name}: ${csv.slice(0, 400)}`);

    // Nothing blank: every block is a chart, a score card, or an empty state in words.
    const blocks = await panel.page.locator('section.block').count();
    assert.ok(blocks >= 19, `blocks shown: ${blocks}`);

    assert.deepEqual(await axeViolations(panel.page), []);
    await panel.close();
  });

  it('exports the raw answer as a JSON download (the CSV is checked above)', async () => {
    const panel = await SidePanelPage.openLink(h, link.linkId);
    await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the score card');
    const save = async (name: string) => {
      const [download] = await Promise.all([panel.page.waitForEvent('download'), panel.page.getByRole('button', { name }).click()]);
      return { file: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
    };
    const json = await save('Export JSON');
    assert.match(json.file, /\.json$/);
    const data = JSON.parse(json.text) as { freeUserData: { scoreCardDetails: { data: { totalClicks: number } } } };
    assert.equal(data.freeUserData.scoreCardDetails.data.totalClicks, VISITS.length);
    await panel.close();
  });

  it('reopening shows the cached figures with their age, then refreshes them', async () => {
    const panel = await SidePanelPage.openLink(h, link.linkId);
    await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the score card');
    await panel.page.getByText(/^Updated /).waitFor();

    // Offline: the last figures stay, and the panel says so.
    h.setServiceDown(true);
    try {
      await panel.refresh();
      await panel.page.getByText('You are offline: these are the last figures fetched.').waitFor();
      assert.equal(await panel.figure('analyticsTotalClicks'), String(VISITS.length));
    } finally {
      h.setServiceDown(false);
    }
    await panel.close();
  });

  it('a link the service does not have: the refusal in words, with a retry that asks again', async () => {
    const page = await h.openPage('sidepanel.html?linkId=no-such-link');
    const alert = page.getByRole('alert');
    await alert.getByText(/^The service refused the request: /).waitFor();
    await alert.getByText('Change what you asked for, then try again.').waitFor();
    h.resetRequests();
    await alert.getByRole('button', { name: 'Try again' }).click();
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
      await panel.page.locator('[data-block="topBrowsers"] canvas').waitFor();
      await panel.page.getByText("This chart's data could not be read.").waitFor();
      await panel.page.getByText('The service sent no data for this chart.').waitFor();
      const rows = await panel.tableRows('topBrowsers');
      assert.ok(rows.some(([name]) => name === '<img src=x onerror="document.title=1">Evil'), JSON.stringify(rows));
      assert.equal(await panel.page.locator('img').count(), 0);
      const drawn = await eventually(async () => {
        const pixels = await panel.drawnPixels();
        return (pixels.topBrowsers ?? 0) > 0 && (pixels.hourDayClicks ?? 0) > 0 ? pixels : undefined;
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
    assert.deepEqual(listed, [link.shortUrl]);
    await panel.page.getByRole('button', { name: new RegExp(link.shortUrl) }).click();
    await eventually(async () => ((await panel.figure('analyticsTotalClicks')) === String(VISITS.length) ? true : undefined), 'the chosen link');
    await panel.close();
  });
});
