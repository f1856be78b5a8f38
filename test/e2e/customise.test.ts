/**
 * The popup's customise panel and the options page's tags, in Chromium
 * against the real service: custom keyword taken -> a suggestion chosen ->
 * the link redirects; tags set and seen by the service; the one-click link
 * replaced, not left as a stray duplicate; offline, a customised link and its
 * tags queued as one item and replayed with its tags.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, eventually, requestsBesidesRecentList, useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

interface ServiceLink {
  _id: string;
  shortUrl: string;
  longUrl: string;
  tags: string[];
}

describe('customise a link, and tags', () => {
  const h = useExtension({ connect: true });

  /** The service's own answer, straight from its API (not through the counting proxy). */
  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${h.service.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return ((await res.json()) as { data: T }).data;
  }
  const linksFor = async (longUrl: string) =>
    (await api<{ list: ServiceLink[] }>('GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`)).list.filter((l) => l.longUrl === longUrl);

  const openCustomise = (popup: PopupPage) => popup.openCustomise();
  /** The chip picker's field, and the tags chosen in it. */
  const tagField = (popup: PopupPage) => popup.page.getByRole('combobox', { name: 'Tags' });
  /** A workspace tag the chip picker suggests. */
  const suggested = (popup: PopupPage, name: string) => popup.page.getByRole('form', { name: 'Customise' }).getByRole('option', { name });
  const chips = (popup: PopupPage) => popup.page.getByRole('list', { name: 'Chosen tags' }).locator('li > span').allTextContents();

  it('keyword taken -> a suggestion chosen -> the link redirects, and the one-click link is not left behind', async () => {
    await api('POST', '/link', { workspaceId: h.workspaceId, keywordType: 'CUSTOM', keyword: 'spring', longUrl: `${h.site.url}/elsewhere`, customDomain: null });
    const target = `${h.site.url}/spring-article`;
    const popup = await PopupPage.open(h, target);
    const auto = await popup.shortLink();
    await openCustomise(popup);
    await popup.page.getByLabel('Custom keyword').fill('spring');
    await popup.page.getByRole('button', { name: 'Create custom link' }).click();
    await popup.waitForText('That keyword is already taken.');
    // The link made on opening stays on screen (it is on the clipboard), the free alternatives beside the field.
    assert.equal(await popup.shortLink(), auto);
    const suggestion = popup.suggestion();
    const chosen = await popup.suggestedUrl();
    assert.match(chosen, /\/spring-[A-Za-z0-9]+$/);
    await suggestion.click();
    await eventually(async () => ((await popup.shortLink()) === chosen ? true : undefined), 'the chosen link on screen');
    await popup.waitForText(`The link made when the popup opened (${auto}) had no clicks, so it was deleted`);

    const made = await linksFor(target);
    assert.deepEqual(made.map((l) => l.shortUrl), [chosen], 'only the customised link exists for the page');
    const res = await fetch(chosen, { redirect: 'manual' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), target);
    await popup.close();
  });

  it('refuses keywords by their rule as they are typed, and sends nothing', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/rules`);
    await popup.shortLink();
    await openCustomise(popup);
    h.resetRequests();
    const field = popup.page.getByLabel('Custom keyword');
    const cases: [string, RegExp][] = [
      ['two words', /can't contain spaces/],
      ['a/b', /can't contain "\/"/],
      ['café', /Only the letters A to Z/],
      ['x'.repeat(51), /at most 50 characters: this one has 51/],
      ['admin', /"admin" is reserved/],
    ];
    for (const [keyword, message] of cases) {
      await field.fill(keyword);
      assert.match((await popup.page.locator('#keyword-message').textContent()) ?? '', message);
      assert.equal(await popup.page.getByRole('button', { name: 'Create custom link' }).isDisabled(), true);
    }
    // The recent list's reads and the panel's list of domains, sent once the link and the panel are shown
    // (on a slow machine after the reset above), are not the typing's.
    assert.deepEqual(requestsBesidesRecentList(h).filter((path) => !path.startsWith('GET /api/customDomain?')), []);
    await popup.close();
  });

  it('tags chosen and typed inline are on the link in the service; tags alone go on the link shown, with no second link', async () => {
    await api('POST', '/tag', { workspaceId: h.workspaceId, tag: 'news' });
    const target = `${h.site.url}/tagged`;
    const popup = await PopupPage.open(h, target);
    await popup.shortLink();
    await openCustomise(popup);
    // A workspace tag picked from the suggestions as it is typed, and a new one typed whole.
    await tagField(popup).fill('ne');
    await suggested(popup, 'news').click();
    await PopupPage.addTags(tagField(popup), ['launch 2026']);
    assert.deepEqual(await chips(popup), ['news', 'launch 2026']);
    // A tag too long is refused where it is typed.
    await tagField(popup).fill('y'.repeat(51));
    await popup.waitForText('A tag has at most 50 characters.');
    await tagField(popup).fill('');
    assert.deepEqual(await axeViolations(popup.page), []);
    await popup.page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(popup.page), [], 'dark');
    await popup.page.emulateMedia({ colorScheme: 'light' });

    await popup.page.getByRole('button', { name: 'Save tags on this link' }).click();
    await popup.waitForText(/Tags saved on /);
    const [link, ...others] = await linksFor(target);
    assert.equal(others.length, 0, 'no second link');
    assert.deepEqual(link?.tags, ['news', 'launch 2026']);
    assert.ok((await api<string[]>('GET', `/tag?workspaceId=${h.workspaceId}`)).includes('launch 2026'));

    // With a keyword: a new link with the ticked tags, replacing the one shown.
    await popup.page.getByLabel('Custom keyword').fill('tagged-page');
    await popup.page.getByRole('button', { name: 'Create custom link' }).click();
    await eventually(async () => ((await popup.shortLink()).endsWith('/tagged-page') ? true : undefined), 'the custom link');
    const now = await linksFor(target);
    assert.deepEqual(now.map((l) => [l.shortUrl.replace(/^.*\//, ''), l.tags]), [['tagged-page', ['news', 'launch 2026']]]);
    await popup.close();
  });

  it('the options page lists the tags and creates one by the same rules', async () => {
    const options = await OptionsPage.open(h, 'tags');
    const section = options.page.locator('section[aria-labelledby="tags-heading"]');
    await section.getByRole('listitem').filter({ hasText: 'news' }).waitFor();
    // Beside each tag, how many of the links loaded carry it, and what was counted.
    const links = await api<{ list: { tags: string[] }[] }>('GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`);
    const carrying = links.list.filter((l) => l.tags.includes('news')).length;
    assert.ok(carrying > 0, 'a link tagged news');
    const tags = section.getByRole('list', { name: 'Tags', exact: true });
    await tags.getByRole('listitem').filter({ hasText: /^news/ }).filter({ hasText: `${carrying} link` }).waitFor();
    await section.getByText(`counted in all ${links.list.length} links of this workspace`).waitFor();
    await section.getByText("Tags can't be renamed or deleted").waitFor();
    await section.getByRole('button', { name: 'Create tag' }).click();
    await section.getByText('Enter a tag name.').waitFor();
    await section.getByLabel('New tag').fill('campaign');
    await section.getByRole('button', { name: 'Create tag' }).click();
    await section.getByText('Tag "campaign" created.').waitFor();
    await section.getByRole('listitem').filter({ hasText: 'campaign' }).waitFor();
    assert.ok((await api<string[]>('GET', `/tag?workspaceId=${h.workspaceId}`)).includes('campaign'));
    assert.deepEqual(await axeViolations(options.page), []);
    await options.page.close();
  });

  it('default tags from the options page go on every new link', async () => {
    const options = await OptionsPage.open(h, 'shortening');
    // The one tag picker: the popup's chip combobox, here for the default tags.
    assert.equal(await options.page.getByRole('checkbox', { name: 'campaign' }).count(), 0);
    await options.pickTag('Default tags', 'campaign');
    await options.prefsSaved();
    await options.page.reload();
    await eventually(async () => ((await options.chosenTags('Default tags')).join() === 'campaign' ? true : undefined), 'the default tag kept');
    await options.page.close();
    const target = `${h.site.url}/with-defaults`;
    const popup = await PopupPage.open(h, target);
    await popup.shortLink();
    const [link] = await eventually(async () => {
      const found = await linksFor(target);
      return found[0]?.tags.length ? found : undefined;
    }, 'the link with its tags');
    assert.deepEqual(link?.tags, ['campaign']);
    // The link's own tags are chosen in the panel, so saving tags alone drops none unseen.
    await openCustomise(popup);
    await eventually(async () => ((await chips(popup)).join() === 'campaign' ? true : undefined), "the link's tags as chips");
    await popup.close();
  });

  it('offline: the tag picker offers the tags as last loaded, and says so', async () => {
    const target = `${h.site.url}/tags-loaded-online`;
    const online = await PopupPage.open(h, target);
    await online.shortLink();
    await openCustomise(online);
    await tagField(online).fill('n');
    await suggested(online, 'news').waitFor();
    assert.equal(await online.page.getByText('Offline: these are the tags as last loaded.').count(), 0);
    await online.close();

    await h.context.setOffline(true);
    try {
      // The same page again: its link comes from the extension's cache, and the list from the last load.
      const popup = await PopupPage.open(h, target);
      await popup.shortLink();
      await openCustomise(popup);
      await popup.page.getByText('Offline: these are the tags as last loaded.').waitFor();
      await tagField(popup).fill('n');
      await suggested(popup, 'news').waitFor();
      await popup.close();
    } finally {
      await h.context.setOffline(false);
    }
  });

  it('offline: a customised link and its tags are queued as one item, and replayed with its tags', async () => {
    const target = `${h.site.url}/offline-custom`;
    const popup = await PopupPage.open(h, target);
    await popup.shortLink();
    const shown = await popup.shortLink();
    await openCustomise(popup);
    await eventually(async () => ((await chips(popup)).join() === 'campaign' ? true : undefined), 'the default tags');
    await h.context.setOffline(true);
    await popup.page.getByLabel('Custom keyword').fill('offline-pick');
    await PopupPage.addTags(tagField(popup), ['queued-tag']);
    await popup.page.getByRole('button', { name: 'Create custom link' }).click();
    await popup.waitForText('You are offline.');
    await popup.waitForText('Your link is saved and will be made when you are back online.');
    // The link made on opening stays on screen meanwhile.
    assert.equal(await popup.shortLink(), shown);
    assert.equal(await eventually(async () => ((await h.badgeText()) === '1' ? '1' : undefined), 'one waiting item'), '1');

    await h.context.setOffline(false);
    await eventually(async () => ((await h.badgeText()) === '' ? true : undefined), 'the badge to clear', 15_000);
    const made = (await linksFor(target)).find((l) => l.shortUrl.endsWith('/offline-pick'));
    assert.deepEqual(made?.tags, ['campaign', 'queued-tag']);
    await popup.close();
  });
});
