import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createToken } from '../../server/http/auth';
import { axeViolations, clickUnlessDone, eventually, useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

/** Two workspaces of the same service, each with its own token: two profiles. */
const SECOND = 'e2e-two';

describe('profiles', () => {
  const h = useExtension();
  let secondToken: string;
  before(async () => {
    secondToken = await createToken(h.service.ctx.db, SECOND, 'e2e');
  });

  /** The service's own view of a workspace's links. */
  async function linksOf(workspaceId: string, token: string): Promise<string[]> {
    const res = await fetch(`${h.service.url}/api/link?workspaceId=${workspaceId}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: { list: { longUrl: string }[] } };
    return body.data.list.map((l) => l.longUrl);
  }

  async function recentOf(popup: PopupPage): Promise<string> {
    // A row shows its destination's title when the service found one, its address in the title attribute.
    const recent = popup.recent();
    // The card's own link is not repeated below it: a profile with no other link says so instead of listing rows.
    await recent.locator('li').first().or(recent.getByText('No other links yet.')).first().waitFor();
    const addresses = await recent.locator('[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? '').join('\n'));
    return `${await recent.innerText()}\n${addresses}`;
  }

  async function addProfile(options: OptionsPage, name: string, token: string, workspaceId: string): Promise<string> {
    await options.page.getByRole('button', { name: 'Add profile' }).click();
    await options.fill({ name, baseUrl: h.apiBase, token, workspaceId });
    return options.save();
  }

  it('adds two profiles; a name taken or an address that does not answer is refused beside its field and nothing is saved', async () => {
    const options = await OptionsPage.open(h);
    // The first one: nothing to add to yet, the form is there.
    await options.fill({ name: 'Alpha', baseUrl: h.apiBase, token: h.token, workspaceId: h.workspaceId });
    assert.equal(await options.save(), 'Saved.');

    assert.equal(await addProfile(options, 'alpha', secondToken, SECOND), 'Check the field marked in red.');
    assert.equal(await options.fieldHint('name').textContent(), 'Another profile already has this name.');
    assert.equal(await options.page.getByLabel('Profile name').getAttribute('aria-invalid'), 'true');
    // An address where no service answers: said next to the address, and not saved.
    await options.page.getByLabel('Profile name').fill('Beta');
    await options.page.getByLabel('Service address', { exact: true }).fill('http://127.0.0.1:9/api');
    assert.equal(await options.save(), 'Nothing was saved: see the field marked in red.');
    assert.match((await options.fieldHint('baseUrl').textContent()) ?? '', /Could not reach the service/);
    assert.equal(await options.page.getByRole('button', { name: /^Edit profile/ }).count(), 1);

    await options.page.getByLabel('Service address', { exact: true }).fill(h.apiBase);
    assert.equal(await options.save(), 'Saved.');
    assert.equal(await options.page.getByRole('button', { name: /^Edit profile/ }).count(), 2);
    await options.page.close();
  });

  it("switches from the options page and from the popup; each profile's links show only in its own list", async () => {
    const options = await OptionsPage.open(h);
    await options.page.getByRole('button', { name: 'Use profile Beta' }).click();
    await options.page.getByText('Now using “Beta”.').waitFor();
    await options.page.close();

    const b = await PopupPage.open(h, `${h.site.url}/beta-page`);
    const betaLink = await b.shortLink();
    // Beta's only link is the card's: the list below has no other.
    assert.match(await recentOf(b), /No other links yet/);

    // The popup's switcher: the active profile named in the header, the others in its menu.
    const switcher = b.page.getByRole('button', { name: 'Beta', exact: true });
    assert.equal(await switcher.getAttribute('aria-haspopup'), 'menu');
    await switcher.click();
    assert.equal(await b.page.getByRole('menuitemradio', { name: 'Beta' }).getAttribute('aria-checked'), 'true');
    assert.deepEqual(await axeViolations(b.page), []);
    const reloaded = b.page.waitForEvent('load');
    await b.page.getByRole('menuitemradio', { name: 'Alpha' }).click();
    // The popup opens again under the chosen profile. Beta has a link to this page and Alpha none: it says so and
    // makes nothing until asked; "Make one here" makes this page's link in Alpha.
    await reloaded;
    await b.page.getByRole('button', { name: 'Alpha', exact: true }).waitFor();
    await b.waitForText('You already have a link to this page in Beta');
    assert.equal(await b.shortLink(), betaLink);
    await b.page.getByRole('button', { name: 'Make one here' }).click();
    const alphaLink = await eventually(async () => {
      const shown = await b.shortLink();
      return shown !== betaLink ? shown : undefined;
    }, "Alpha's link");
    assert.notEqual(alphaLink, betaLink);
    assert.equal((await recentOf(b)).includes(betaLink), false, "Beta's link is not in Alpha's list");
    await b.close();

    const a = await PopupPage.open(h, `${h.site.url}/alpha-page`);
    await a.shortLink();
    const alphaRecent = await recentOf(a);
    // Alpha's other link (made for beta-page after the switch) is listed; Beta's is not.
    assert.match(alphaRecent, /beta-page/);
    assert.equal(alphaRecent.includes(betaLink), false);
    await a.close();

    assert.deepEqual(await linksOf(h.workspaceId, h.token), [`${h.site.url}/alpha-page`, `${h.site.url}/beta-page`]);
    assert.deepEqual(await linksOf(SECOND, secondToken), [`${h.site.url}/beta-page`]);
  });

  it("an open side panel leaves the old profile's link once another profile is chosen", async () => {
    const panel = await h.openPage('sidepanel.html?linkId=an-alpha-link');
    await panel.locator('h1').first().waitFor();
    const options = await OptionsPage.open(h);
    await options.page.getByRole('button', { name: 'Use profile Beta' }).click();
    await options.page.getByText('Now using “Beta”.').waitFor();
    // Opened afresh, following the tab, in Beta's workspace.
    await panel.waitForURL((url) => url.pathname.endsWith('/sidepanel.html') && url.search === '');
    await options.page.getByRole('button', { name: 'Use profile Alpha' }).click();
    await options.page.getByText('Now using “Alpha”.').waitFor();
    await options.page.close();
    await panel.close();
  });

  it('a link queued offline under Alpha replays to Alpha after switching to Beta', async () => {
    h.setServiceDown(true);
    const queued = await PopupPage.open(h, `${h.site.url}/queued-under-alpha`);
    await queued.waitForText('Your link is saved and will be made when it answers.');
    await queued.close();

    const options = await OptionsPage.open(h);
    await options.page.getByRole('button', { name: 'Use profile Beta' }).click();
    await options.page.getByText('Now using “Beta”.').waitFor();
    // With two profiles, the waiting item names the one it will be sent under.
    await options.goTo('queue');
    await options.page.getByText('Profile: Alpha').waitFor();
    h.setServiceDown(false);
    const nothingWaits = options.page.getByText('Nothing is waiting.');
    await clickUnlessDone(options.page.getByRole('button', { name: 'Retry now' }), nothingWaits);
    await nothingWaits.waitFor({ timeout: 15_000 });

    const alpha = await eventually(async () => {
      const list = await linksOf(h.workspaceId, h.token);
      return list.includes(`${h.site.url}/queued-under-alpha`) ? list : undefined;
    }, 'the queued link in Alpha');
    assert.equal(alpha.length, 3);
    assert.deepEqual(await linksOf(SECOND, secondToken), [`${h.site.url}/beta-page`]);

    // Beta is active: its list shows none of Alpha's links.
    const b = await PopupPage.open(h, `${h.site.url}/beta-page`);
    await b.shortLink();
    assert.doesNotMatch(await recentOf(b), /alpha|queued-under-alpha/);
    await b.close();
    await options.page.close();
  });

  it("an import never re-points a profile, and a link queued for Alpha's address waits, saying why, while Alpha points elsewhere", async () => {
    // Issue 19, item 4. A file naming Alpha (other case, spaces) at another address: added beside it, Alpha unchanged.
    const options = await OptionsPage.open(h, 'file');
    const file = { format: 'shortlink-settings', version: 1, profiles: [{ name: ' ALPHA ', baseUrl: 'http://127.0.0.1:9/api', workspaceId: h.workspaceId }], preferences: {} };
    await options.page.locator('#settings-file').setInputFiles({ name: 'settings.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await options.page
      .getByText('“ALPHA (2)” was added next to your profile “Alpha”: it uses another service or workspace, and importing never changes a profile you have.')
      .waitFor();
    const stored = async () =>
      options.page.evaluate(async () => {
        const g = globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } } };
        return (await g.chrome.storage.local.get('connection')).connection as { activeId: string; profiles: { id: string; name: string; baseUrl: string; token: string }[] };
      });
    const afterImport = await stored();
    const alpha = afterImport.profiles.find((p) => p.name === 'Alpha');
    assert.deepEqual(alpha && { baseUrl: alpha.baseUrl, token: alpha.token }, { baseUrl: h.apiBase, token: h.token });
    assert.deepEqual(
      afterImport.profiles.map((p) => [p.name, p.baseUrl]),
      [['Alpha', h.apiBase], ['Beta', h.apiBase], ['ALPHA (2)', 'http://127.0.0.1:9/api']],
    );
    assert.notEqual(afterImport.activeId, afterImport.profiles[2]?.id, 'the profile added is not made active');

    // A link queued under Alpha while its service is out of reach.
    await options.goTo('connection');
    await options.page.getByRole('button', { name: 'Use profile Alpha', exact: true }).click();
    await options.page.getByText('Now using “Alpha”.').waitFor();
    h.setServiceDown(true);
    const target = `${h.site.url}/queued-then-repointed`;
    const popup = await PopupPage.open(h, target);
    await popup.waitForText('Your link is saved and will be made when it answers.');
    await popup.close();

    // Alpha pointed at the same service by another address (the service itself, not the proxy in front of it).
    const elsewhere = `${h.service.url}/api`;
    await options.page.getByRole('button', { name: 'Edit profile Alpha', exact: true }).click();
    await options.page.getByLabel('Service address', { exact: true }).fill(elsewhere);
    assert.equal(await options.save(), 'Saved.');
    h.setServiceDown(false);
    await options.goTo('queue');
    await options.page.getByRole('button', { name: 'Retry now' }).click();
    const [made, now] = [new URL(h.apiBase).host, new URL(elsewhere).host];
    await options.page
      .getByText(`Made for ${made}, but its profile now uses ${now}, so it isn't sent. Set the profile back to ${made} and retry, or discard it.`)
      .waitFor();
    assert.equal((await linksOf(h.workspaceId, h.token)).includes(target), false, 'not sent to the address Alpha points to now');

    // Pointed back, a retry sends it where it was made for.
    await options.goTo('connection');
    await options.page.getByRole('button', { name: 'Edit profile Alpha', exact: true }).click();
    await options.page.getByLabel('Service address', { exact: true }).fill(h.apiBase);
    assert.equal(await options.save(), 'Saved.');
    await options.goTo('queue');
    await options.page.getByRole('button', { name: 'Retry now' }).click();
    await options.page.getByText('Nothing is waiting.').waitFor({ timeout: 15_000 });
    assert.ok((await linksOf(h.workspaceId, h.token)).includes(target));
    // Beta active again, as the tests before left it.
    await options.goTo('connection');
    await options.page.getByRole('button', { name: 'Use profile Beta', exact: true }).click();
    await options.page.getByText('Now using “Beta”.').waitFor();
    await options.page.close();
  });

  it('has no accessibility violations on the options page', async () => {
    const options = await OptionsPage.open(h);
    await options.page.getByRole('button', { name: 'Use profile Alpha', exact: true }).waitFor();
    await options.page.getByRole('button', { name: 'Delete profile Alpha', exact: true }).click();
    await options.page.getByRole('button', { name: 'Yes, delete' }).waitFor();
    assert.deepEqual(await axeViolations(options.page), []);
    await options.page.getByRole('button', { name: 'Cancel' }).click();

    // The dark theme chosen in Options: applied at once, and before the first render of every page after.
    await options.goTo('appearance');
    await options.page.getByRole('radio', { name: 'Dark' }).check();
    assert.equal(await options.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await options.prefsSaved();
    await options.page.reload();
    await options.page.locator('#appearance-heading').waitFor();
    assert.equal(await options.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.deepEqual(await axeViolations(options.page), []);
    await options.goTo('connection');
    await options.page.getByRole('button', { name: 'Use profile Alpha', exact: true }).waitFor();
    assert.deepEqual(await axeViolations(options.page), []);
    const popup = await PopupPage.open(h);
    assert.equal(await popup.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await popup.close();
    await options.page.close();
  });
});
