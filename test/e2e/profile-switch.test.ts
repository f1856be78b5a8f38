/**
 * A switch to another profile in the middle of an operation does not mix
 * profiles (docs/design.md, Security: a client is bound to one profile for its
 * life). Profile A is the harness's service; profile B is another instance of
 * the service, with its own data, workspace and token. For each operation,
 * A's service holds one of its requests (the counting proxy's `hold`) while
 * the user switches to B, then lets it go: every request of the operation
 * reaches A with A's token, and B's service hears nothing of it, only what
 * B itself asks once it is active (the "Show stats" menu reading B's
 * domains).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { WithChrome } from '../../scripts/chromium';
import { createToken } from '../../server/http/auth';
import { eventually, useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';
import { startServiceParts, type ProxiedRequest, type ServiceParts } from './service-parts';

const B_WORKSPACE = 'beta';

interface ChromeForMessages {
  chrome: {
    runtime: { sendMessage(message: unknown): Promise<{ ok: boolean; value?: unknown }> };
    contextMenus: { onClicked: { dispatch(info: Record<string, unknown>, tab?: { id: number; windowId: number }): void } };
    tabs: { query(q: { active: boolean; lastFocusedWindow: boolean }): Promise<{ id: number; windowId: number }[]> };
    notifications: { create(id: string, options: { title: string; message: string }, cb?: () => void): unknown };
  };
  shownForTest?: string[];
}

describe('a profile switch in the middle of an operation', () => {
  const h = useExtension({ clipboard: true });
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-e2e-b-'));
  let b: ServiceParts;
  let bToken: string;
  /** An extension page that sends no request of its own: the switches are sent from it. */
  let switcher: Page;
  const A_ID = 'profile-a';
  const B_ID = 'profile-b';

  before(async () => {
    b = await startServiceParts(dir);
    bToken = await createToken(b.service.ctx.db, B_WORKSPACE, 'e2e');
    const set = {
      activeId: A_ID,
      profiles: [
        { id: A_ID, name: 'Alpha', baseUrl: h.apiBase, token: h.token, workspaceId: h.workspaceId },
        { id: B_ID, name: 'Beta', baseUrl: `${b.proxy.url}/api`, token: bToken, workspaceId: B_WORKSPACE },
      ],
    };
    await (await h.worker()).evaluate((v) => (globalThis as unknown as WithChrome).chrome.storage.local.set({ connection: v, connection$: { v: 2 } }), set);
    // The first-run page asks the background for the profiles only, never the service.
    switcher = await h.openPage('welcome.html');
  });

  after(async () => {
    await Promise.all([b.proxy.close(), b.site.close()]);
    await b.service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Chooses a profile as the popup's switcher does: the same message, answered once it is stored. */
  async function use(id: string): Promise<void> {
    const reply = await switcher.evaluate(
      (profileId) => (globalThis as unknown as ChromeForMessages).chrome.runtime.sendMessage({ type: 'switchProfile', data: { id: profileId } }),
      id,
    );
    assert.deepEqual(reply, { ok: true, value: { ok: true } });
  }

  beforeEach(() => use(A_ID));

  /** What each service heard from here on. */
  function listen(): { a: () => ProxiedRequest[]; b: () => ProxiedRequest[] } {
    const [fromA, fromB] = [h.requestLog().length, b.proxy.log().length];
    return { a: () => h.requestLog().slice(fromA), b: () => b.proxy.log().slice(fromB) };
  }

  const line = (r: ProxiedRequest) => `${r.method} ${r.path}`;

  /** A's service heard only A's token; B's service only B's own reads, with B's token, in B's workspace. */
  function assertApart(heard: { a: ProxiedRequest[]; b: ProxiedRequest[] }, ofA: RegExp[]): void {
    assert.deepEqual(heard.a.filter((r) => r.authorization !== `Bearer ${h.token}`).map(line), [], "only A's token reached A");
    for (const step of ofA) assert.ok(heard.a.some((r) => step.test(line(r))), `A heard ${step}: ${heard.a.map(line).join(', ')}`);
    assert.deepEqual(heard.b.filter((r) => r.authorization !== `Bearer ${bToken}`).map(line), [], "nothing with A's token reached B");
    const foreign = heard.b.filter((r) => r.method !== 'GET' || new URL(r.path, 'http://b.invalid').searchParams.get('workspaceId') !== B_WORKSPACE);
    assert.deepEqual(foreign.map(line), [], "B heard only B's own reads");
  }

  /** A link made straight on A's service (not through the proxy), so the extension knows nothing of it. */
  async function madeOnA(longUrl: string): Promise<{ linkId: string; shortUrl: string }> {
    const res = await fetch(`${h.service.url}/api/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: h.workspaceId, keywordType: 'HASH', longUrl, customDomain: null }),
    });
    return ((await res.json()) as { data: { linkId: string; shortUrl: string } }).data;
  }

  async function linksOnA(): Promise<{ _id: string; shortUrl: string; longUrl: string }[]> {
    const res = await fetch(`${h.service.url}/api/link?workspaceId=${h.workspaceId}&pageSize=100`, { headers: { authorization: `Bearer ${h.token}` } });
    return ((await res.json()) as { data: { list: { _id: string; shortUrl: string; longUrl: string }[] } }).data.list;
  }

  it('replacing the one-click link: B is chosen while A makes the customised link; the old one is looked up and deleted on A', async () => {
    const target = `${h.site.url}/switch-replace`;
    const popup = await PopupPage.open(h, target);
    const auto = await popup.shortLink();
    await popup.openCustomise();
    await popup.page.getByLabel('Custom keyword').fill('switch-replace');
    const held = h.holdRequest((r) => r.method === 'POST' && r.path.startsWith('/api/link'));
    const heard = listen();
    await popup.page.getByRole('button', { name: 'Create custom link' }).click();
    await held.arrived;
    await use(B_ID);
    held.release();
    // The answer that shows the new link comes once the old one was looked up (and deleted): the operation is over.
    await eventually(async () => ((await popup.shortLink()).endsWith('/switch-replace') ? true : undefined), 'the customised link on screen');

    assertApart({ a: heard.a(), b: heard.b() }, [/^POST \/api\/link$/, /^GET \/api\/link\?/, /^PATCH \/api\/link$/]);
    // The lookup of the link to replace (no order asked, lib/background/links/replace-link.ts) went to A only.
    const lookups = (rs: ProxiedRequest[]) => rs.filter((r) => r.path.startsWith('/api/link?') && !r.path.includes('orderBy=')).map(line);
    assert.equal(lookups(heard.a()).length, 1);
    assert.deepEqual(lookups(heard.b()), [], 'B was not asked for the link to replace');
    await popup.waitForText(`The link made when the popup opened (${auto}) had no clicks, so it was deleted`);
    await popup.close();
    assert.deepEqual((await linksOnA()).filter((l) => l.longUrl === target).map((l) => l.shortUrl), [`${new URL(auto).origin}/switch-replace`]);
  });

  it('recent links: the list read and a delete from it, each with B chosen while A answers, stay on A', async () => {
    const kept = await madeOnA(`${h.site.url}/switch-recent-kept`);
    const gone = await madeOnA(`${h.site.url}/switch-recent-gone`);
    const listed = h.holdRequest((r) => r.method === 'GET' && r.path.startsWith('/api/link?') && r.path.includes('orderBy=createdDate'));
    let heard = listen();
    const popup = await PopupPage.open(h, `${h.site.url}/switch-recent`);
    await popup.shortLink();
    await listed.arrived;
    await use(B_ID);
    listed.release();
    const row = popup.row(gone.shortUrl);
    await row.waitFor();
    assert.equal(await popup.row(kept.shortUrl).count(), 1, "A's links are listed");
    assertApart({ a: heard.a(), b: heard.b() }, [/^GET \/api\/link\?/]);

    // Back on A, a delete from the list, and B chosen while A deletes.
    await use(A_ID);
    const deleting = h.holdRequest((r) => r.method === 'PATCH' && r.path.startsWith('/api/link'));
    heard = listen();
    await popup.rowAction(gone.shortUrl, 'Delete');
    await row.getByRole('button', { name: 'Delete link' }).click();
    await deleting.arrived;
    await use(B_ID);
    deleting.release();
    await eventually(async () => ((await row.count()) === 0 ? true : undefined), 'the row to go');
    await popup.close();
    assertApart({ a: heard.a(), b: heard.b() }, [/^PATCH \/api\/link$/]);
    const onA = (await linksOnA()).map((l) => l._id);
    assert.ok(onA.includes(kept.linkId) && !onA.includes(gone.linkId), 'deleted on A');
  });

  it("domains: B is chosen while A lists its domains for a connect; the domain is connected on A", async () => {
    const options = await OptionsPage.open(h, 'domains');
    // The section's own read of A's domains is done.
    await options.page.getByText('No custom domains yet.').waitFor();
    await options.page.getByLabel('Domain to connect').fill('go.switch-a.example');
    // The connect's first step reads every domain of the workspace, to say "already connected".
    const held = h.holdRequest((r) => r.method === 'GET' && r.path.startsWith('/api/customDomain?') && r.path.includes('orderBy=domain'));
    const heard = listen();
    await options.page.getByRole('button', { name: 'Connect', exact: true }).click();
    await held.arrived;
    await use(B_ID);
    held.release();
    await options.page.getByRole('region', { name: 'DNS records for go.switch-a.example' }).waitFor();
    await options.page.close();

    assertApart({ a: heard.a(), b: heard.b() }, [/^GET \/api\/customDomain\?/, /^POST \/api\/customDomain$/]);
    const domainsOf = async (url: string, token: string, workspaceId: string) => {
      const res = await fetch(`${url}/api/customDomain?workspaceId=${workspaceId}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: { list: { domain: string }[] } }).data.list.map((d) => d.domain);
    };
    assert.deepEqual(await domainsOf(h.service.url, h.token, h.workspaceId), ['go.switch-a.example']);
    assert.deepEqual(await domainsOf(b.service.url, bToken, B_WORKSPACE), []);
  });

  it('"Show stats": B is chosen while A looks through its links; the lookup stays on A and the link is not shown under B', async () => {
    // The link is on the second page of A's newest links: the lookup takes two requests.
    const target = await madeOnA(`${h.site.url}/switch-stats`);
    for (let i = 0; i < 100; i += 1) await madeOnA(`${h.site.url}/switch-stats-filler-${i}`);
    const worker = await h.worker();
    const page = await h.context.newPage();
    await page.goto(h.site.url);
    const [tab] = await worker.evaluate(() => (globalThis as unknown as ChromeForMessages).chrome.tabs.query({ active: true, lastFocusedWindow: true }));
    assert.ok(tab);
    const firstPage = h.holdRequest((r) => r.method === 'GET' && r.path.startsWith('/api/link?') && r.path.includes('cursor=0'));
    const heard = listen();
    await worker.evaluate(
      ({ linkUrl, tab, pageUrl }) => {
        const g = globalThis as unknown as ChromeForMessages;
        g.shownForTest = [];
        const create = g.chrome.notifications.create.bind(g.chrome.notifications);
        g.chrome.notifications.create = (id, options, cb) => {
          g.shownForTest?.push(options.message);
          return create(id, options, cb);
        };
        g.chrome.contextMenus.onClicked.dispatch({ menuItemId: 'shortlink-show-stats', linkUrl, editable: false, pageUrl }, tab);
      },
      { linkUrl: target.shortUrl, tab: { id: tab.id, windowId: tab.windowId }, pageUrl: page.url() },
    );
    await firstPage.arrived;
    await use(B_ID);
    firstPage.release();
    const statsPages = () => h.context.pages().filter((p) => p.url().includes(target.linkId));
    // Either the user is told, or (the mix this guards against) A's link opens in a page that asks B.
    const shown = await eventually(async () => {
      const messages = await worker.evaluate(() => (globalThis as unknown as ChromeForMessages).shownForTest ?? []);
      return messages.length > 0 || statsPages().length > 0 ? messages : undefined;
    }, 'a notification or a stats page');
    assert.deepEqual(statsPages().map((p) => p.url()), [], "no page shows A's link under B");
    assert.deepEqual(shown, [
      `You switched profile while ${target.shortUrl} was being looked up. Use “Show stats” again.`,
    ]);
    await page.close();

    assertApart({ a: heard.a(), b: heard.b() }, [/^GET \/api\/link\?.*cursor=0/, /^GET \/api\/link\?.*cursor=100/]);
    // Neither the lookup nor the stats page asked B about A's link.
    assert.deepEqual(heard.b().filter((r) => r.path.includes(target.linkId) || r.path.startsWith('/api/link')).map(line), []);
  });
});
