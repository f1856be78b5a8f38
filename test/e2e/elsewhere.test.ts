/**
 * "You already have a link to this page" across two profiles (issue 37):
 * Work and Personal are two workspaces of the one local service. A page
 * shortened under Work is offered, not made again, when the popup opens on
 * it under Personal: Copy copies Work's link, Make one here makes Personal's
 * own. The bulk page marks a line whose page Work has a link to. The same in
 * Firefox.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { WithChrome } from '../../scripts/chromium';
import { createToken } from '../../server/http/auth';
import { eventually, useExtension, useHarness } from './fixture';
import { clickButton, startFirefoxHarness, waitForText } from './firefox-harness';
import { BulkPage } from './pages/bulk-page';
import { PopupPage } from './pages/popup-page';

const PERSONAL = 'personal';
const WORK_ID = 'profile-work';
const PERSONAL_ID = 'profile-personal';

/** The two profiles as the options page stores them, Work active. */
function profiles(h: { apiBase: string; token: string; workspaceId: string }, personalToken: string) {
  return {
    activeId: WORK_ID,
    profiles: [
      { id: WORK_ID, name: 'Work', baseUrl: h.apiBase, token: h.token, workspaceId: h.workspaceId },
      { id: PERSONAL_ID, name: 'Personal', baseUrl: h.apiBase, token: personalToken, workspaceId: PERSONAL },
    ],
  };
}

describe('Chromium: you already have a link to this page in another profile', () => {
  const h = useExtension({ clipboard: true });

  before(async () => {
    const personalToken = await createToken(h.service.ctx.db, PERSONAL, 'e2e');
    await (await h.worker()).evaluate(
      (set) => (globalThis as unknown as WithChrome).chrome.storage.local.set({ connection: set, connection$: { v: 2 } }),
      profiles(h, personalToken),
    );
  });

  async function use(id: string): Promise<void> {
    const page = await h.openPage('welcome.html');
    const reply = await page.evaluate(
      (profileId) =>
        (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({ type: 'switchProfile', data: { id: profileId } }),
      id,
    );
    assert.deepEqual(reply, { ok: true, value: { ok: true } });
    await page.close();
  }

  it('the popup offers Work\'s link under Personal, makes nothing until asked, and Make one here makes Personal\'s own', async () => {
    const page = `${h.site.url}/spring-sale`;
    const other = `${h.site.url}/summer-sale`;
    await use(WORK_ID);
    const work = await PopupPage.open(h, page);
    const workLink = await work.shortLink();
    await work.close();
    const workOther = await PopupPage.open(h, other);
    await workOther.shortLink();
    await workOther.close();

    await use(PERSONAL_ID);
    const before = (await h.listLinks()).totalCount;
    const popup = await PopupPage.open(h, `${page}?fbclid=IwAR0abc`);
    await popup.waitForText('You already have a link to this page in Work');
    assert.equal(await popup.shortLink(), workLink);
    assert.equal((await h.listLinks()).totalCount, before, 'nothing was made');
    await popup.page.getByRole('button', { name: 'Copy', exact: true }).click();
    await popup.waitForText('Copied');
    assert.equal(await popup.page.evaluate(() => navigator.clipboard.readText()), workLink);

    await popup.page.getByRole('button', { name: 'Make one here' }).click();
    const mine = await eventually(async () => {
      const shown = await popup.shortLink();
      return shown !== workLink ? shown : undefined;
    }, "Personal's own link");
    assert.notEqual(mine, workLink);
    await popup.close();

    const bulk = await BulkPage.open(h);
    await bulk.paste(`${other}\n${h.site.url}/autumn-sale\n`);
    await bulk.summary(/2 links to shorten/);
    await bulk.page.getByText('You already have a link to this page in Work').first().waitFor();
    assert.equal(await bulk.page.getByText('You already have a link to this page in Work').count(), 1, 'only the page Work has a link to is marked');
    await bulk.page.close();
  });
});

describe('Firefox: you already have a link to this page in another profile', () => {
  const h = useHarness(() => startFirefoxHarness());

  it('the popup offers Work\'s link under Personal and Make one here makes one', async () => {
    const personalToken = await createToken(h.service.ctx.db, PERSONAL, 'e2e');
    // Work connected as a user does (the service's origin is granted then); Personal, on the same service, added beside it.
    const options = await h.openPage('options.html');
    await options.type('[name="name"]', 'Work');
    await options.type('[name="baseUrl"]', h.apiBase);
    await options.type('[name="token"]', h.token);
    await options.type('[name="workspaceId"]', h.workspaceId);
    await clickButton(options, 'Save');
    await waitForText(options, 'Saved.', 30_000);
    // Added until the switch to it is taken: a write the options page makes after its Save must not drop it.
    const addPersonal = () =>
      options.evaluate(
        async (personal) => {
          const ext = (globalThis as unknown as { browser: { storage: { local: { get(k: string): Promise<Record<string, { activeId: string; profiles: { id: string }[] }>>; set(v: unknown): Promise<void> } } } }).browser;
          const { connection } = await ext.storage.local.get('connection');
          if (connection?.profiles.some((p) => p.id === personal.id)) return;
          await ext.storage.local.set({ connection: { ...connection, profiles: [...(connection?.profiles ?? []), personal] } });
        },
        profiles(h, personalToken).profiles[1]!,
      );
    const switchTo = (id: string) =>
      options.evaluate(async (profileId) => {
        const ext = (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).browser;
        return ext.runtime.sendMessage({ type: 'switchProfile', data: { id: profileId } });
      }, id);

    const page = `${h.site.url}/firefox-spring`;
    const work = await h.openPage(`popup.html?url=${encodeURIComponent(page)}`);
    await work.waitForSelector('#short-link', { timeout: 30_000 });
    const workLink = await work.evaluate(() => document.querySelector('#short-link')?.getAttribute('data-url') ?? '');
    await work.close();

    await eventually(async () => {
      await addPersonal();
      const reply = (await switchTo(PERSONAL_ID)) as { ok?: boolean; value?: { ok?: boolean } } | undefined;
      return reply?.ok === true && reply.value?.ok === true ? true : undefined;
    }, 'Personal chosen');
    const popup = await h.openPage(`popup.html?url=${encodeURIComponent(page)}`);
    await waitForText(popup, 'You already have a link to this page in Work', 30_000).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; the popup showed: ${await popup.evaluate(() => document.body.innerText)}`);
    });
    assert.equal(await popup.evaluate(() => document.querySelector('#short-link')?.getAttribute('data-url') ?? ''), workLink);
    await clickButton(popup, 'Make one here');
    const mine = await eventually(async () => {
      const shown = await popup.evaluate(() => document.querySelector('#short-link')?.getAttribute('data-url') ?? '');
      return shown !== '' && shown !== workLink ? shown : undefined;
    }, "Personal's own link");
    assert.notEqual(mine, workLink);
    await popup.close();
    await options.close();
  });
});
