/**
 * Campaign templates and site rules set in the options page (issue 25), in
 * Chromium against the real service: a template and a rule for the test
 * site's host made there (a bad pattern refused in words first, and the
 * template the rule uses not deleted), the test box saying the rule applies,
 * then a link to that host made from the context menu and from the keyboard
 * shortcut, each checked on the service for the rule's domain and tags and
 * the template's campaign values.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Worker } from 'playwright-core';
import { axeViolations, eventually, useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';

interface ServiceLink {
  shortUrl: string;
  longUrl: string;
  tags: string[];
}

interface ChromeEvents {
  chrome: {
    contextMenus: { onClicked: { dispatch(info: Record<string, unknown>, tab?: Record<string, unknown>): void } };
    commands: { onCommand: { dispatch(command: string, tab?: Record<string, unknown>): void } };
  };
}

/** Fires a menu click or a shortcut in the service worker: native menus and shortcuts cannot be pressed in a test. */
async function fire(worker: Worker, event: { menu?: Record<string, unknown>; command?: string; tab?: Record<string, unknown> }): Promise<void> {
  await worker.evaluate((f) => {
    const g = globalThis as unknown as ChromeEvents;
    if (f.menu !== undefined) g.chrome.contextMenus.onClicked.dispatch({ editable: false, ...f.menu }, f.tab);
    if (f.command !== undefined) g.chrome.commands.onCommand.dispatch(f.command, f.tab);
  }, event);
}

describe('site rules and campaign templates set in the options page', () => {
  const h = useExtension({ trustDomains: true, clipboard: true, connect: true });
  const DOMAIN = 'go.localhost';
  let host: string;

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${h.service.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(res.ok, `${method} ${path}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  }

  /** The link the service made for a page of the site, once it has its tags (set just after the link is made). */
  async function madeFor(path: string): Promise<ServiceLink> {
    return eventually(async () => {
      const list = (await api<{ list: ServiceLink[] }>('GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`)).list;
      return list.find((l) => new URL(l.longUrl).pathname === path && l.tags.length > 0);
    }, `the link for ${path} with tags on the service`);
  }

  /** The rule's tag and domain, and the template's campaign values, on a link the service made. */
  function assertRuleApplied(link: ServiceLink, path: string): void {
    const long = new URL(link.longUrl);
    assert.equal(`${long.origin}${long.pathname}`, `${h.site.url}${path}`);
    assert.equal(long.searchParams.get('utm_source'), 'news');
    assert.equal(long.searchParams.get('utm_medium'), 'email');
    assert.equal(long.searchParams.get('utm_campaign'), 'spring sale');
    assert.equal(long.searchParams.has('fbclid'), false, 'cleaned as the user set');
    assert.deepEqual(link.tags, ['launch']);
    assert.equal(new URL(link.shortUrl).hostname, DOMAIN);
  }

  before(async () => {
    host = new URL(h.site.url).hostname;
    // A set-up custom domain (the service trusts it without DNS here) and a tag, for the rule to choose.
    await api('POST', '/customDomain', { workspaceId: h.workspaceId, domain: DOMAIN });
    await api('POST', '/tag', { workspaceId: h.workspaceId, tag: 'launch' });
  });

  it('makes a template and a rule, refuses a bad pattern in words, and the test box says what would apply', async () => {
    const options = await OptionsPage.open(h, 'rules');
    const page = options.page;
    await page.getByText('No templates yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add template' }).click();
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.locator('#template-name-message').filter({ hasText: 'Give the template a name.' }).waitFor();
    await page.getByLabel('Template name').fill(' Newsletter ');
    await page.getByLabel('Source (utm_source)').fill('news');
    await page.getByLabel('Medium (utm_medium)').fill('email');
    await page.getByLabel('Campaign (utm_campaign)').fill(' spring sale ');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('status').filter({ hasText: 'Template “Newsletter” saved.' }).waitFor();
    await page.getByRole('list', { name: 'Campaign templates' }).getByText('utm_campaign=spring sale').waitFor();

    await page.getByRole('button', { name: 'Add rule' }).click();
    const pattern = page.getByLabel('Site', { exact: true });
    await pattern.fill(`https://${host}/offers`);
    await page.getByLabel('Remove tracking parameters').selectOption({ label: 'Always' });
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.locator('#rule-pattern-message').filter({ hasText: 'Write a host such as acme.dev, or *.acme.dev for its subdomains' }).waitFor();
    assert.equal(await pattern.getAttribute('aria-invalid'), 'true');

    await pattern.fill(host);
    await page.getByLabel('Remove tracking parameters').selectOption({ label: 'As my setting says' });
    await page.getByLabel('Domain', { exact: true }).selectOption({ label: DOMAIN });
    const ruleTags = page.getByRole('combobox', { name: 'Tags', exact: true });
    await ruleTags.fill('laun');
    await page.getByRole('option', { name: 'launch', exact: true }).click();
    await page.getByLabel('Campaign template', { exact: true }).selectOption({ label: 'Newsletter' });
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: `Rule for ${host} saved.` }).waitFor();
    const rules = page.getByRole('list', { name: 'Site rules' });
    await rules.getByText(`Rule 1: ${host}`).waitFor();
    await rules.getByText(`Domain: ${DOMAIN} · Tags: launch · Template: Newsletter`).waitFor();
    await page.getByRole('button', { name: `Move ${host} up` }).waitFor();
    // The template a rule uses is not deleted: the rule is named instead.
    await page.getByRole('button', { name: 'Delete template Newsletter' }).click();
    await page.getByRole('alert').filter({ hasText: `“Newsletter” was not deleted: the rules for ${host} use it.` }).waitFor();

    const box = page.getByLabel('Type a URL, see what would apply');
    const answer = page.locator('#rule-test-answer');
    await box.fill(`${h.site.url}/promo?fbclid=abc`);
    await answer.getByText(`Rule 1: ${host}`).waitFor();
    await answer.getByText(`${h.site.url}/promo?utm_source=news&utm_medium=email&utm_campaign=spring%20sale`).waitFor();
    await answer.getByText('fbclid', { exact: true }).waitFor();
    await answer.getByText(`Domain: ${DOMAIN} · Tags: launch · Template: Newsletter`).waitFor();
    await box.fill('https://example.org/elsewhere');
    await answer.getByText('No rule applies').waitFor();
    await box.fill('not a web address');
    await page.locator('#rule-test-url-message').filter({ hasText: "This link can't be shortened: it is not a web address." }).waitFor();

    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  it('the rule applies to a link made from the context menu: its domain, tags and template, on the service', async () => {
    const path = '/rule-from-menu';
    await fire(await h.worker(), { menu: { menuItemId: 'shortlink-shorten-page', pageUrl: `${h.site.url}${path}?fbclid=IwAR0` } });
    assertRuleApplied(await madeFor(path), path);
  });

  it('the rule applies to a link made with the keyboard shortcut', async () => {
    const path = '/rule-from-shortcut';
    await fire(await h.worker(), { command: 'shorten-and-copy', tab: { id: 1, windowId: 1, url: `${h.site.url}${path}?fbclid=IwAR1`, active: true } });
    assertRuleApplied(await madeFor(path), path);
  });
});
