/**
 * A workspace at the service's cap of a thousand tags (issue 19, item 11),
 * in every tag picker: Options' tag list and default tags draw the first
 * tags, a field narrows them and a button shows the next part; the popup's
 * chip pickers (customise, a recent row's tags) offer only the few tags that
 * match what is typed, chosen by keyboard alone. No page draws a thousand
 * rows at once.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, eventually, useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

const TAGS = Array.from({ length: 1000 }, (_, i) => `tag-${String(i).padStart(4, '0')}`);
/** lib/tags/tag-window.ts, TAGS_SHOWN. */
const SHOWN = 60;
/** lib/tags/suggestions.ts: the most a chip picker suggests at once. */
const SUGGESTED = 8;

/** How many rows of tags the page has drawn: a list's items, suggestions, a select's choices. */
const tagRows = (page: Page) => page.evaluate(() => document.querySelectorAll('.tag-list > li, [role="option"], option').length);

describe('a thousand tags in every tag picker', () => {
  const h = useExtension({ connect: true });
  let tagged: { linkId: string; shortUrl: string };

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${h.service.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(res.status, 200, `${method} ${path}`);
    return ((await res.json()) as { data: T }).data;
  }
  const linkOf = async (shortUrl: string) =>
    (await call<{ list: { _id: string; shortUrl: string; tags: string[] }[] }>('GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`)).list.find(
      (l) => l.shortUrl === shortUrl,
    );

  before(async () => {
    tagged = await call('POST', '/link', { workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: `${h.site.url}/tagged`, customDomain: null });
    // Tags new to the workspace join its list: 50 per link, the most a link holds. The link keeps the last 50.
    for (let i = 0; i < TAGS.length; i += 50) await call('PATCH', '/link', { workspaceId: h.workspaceId, linkId: tagged.linkId, tags: TAGS.slice(i, i + 50) });
    assert.equal((await call<string[]>('GET', `/tag?workspaceId=${h.workspaceId}`)).length, 1000);
  });

  it("Options' tag list: the first tags, narrowed as typed, the next part on request", async () => {
    const options = await OptionsPage.open(h, 'tags');
    const page = options.page;
    const list = page.getByRole('list', { name: 'Tags', exact: true });
    await list.getByText('tag-0000', { exact: true }).waitFor();
    await page.getByRole('heading', { name: '1,000 tags' }).waitFor();
    assert.equal(await list.locator('li').count(), SHOWN);

    const find = page.getByLabel('Find a tag');
    await find.fill('TAG-0999');
    await eventually(async () => ((await list.locator('li .tag-name').allTextContents()).join() === 'tag-0999' ? true : undefined), 'narrowed to one');
    await find.fill('no such tag');
    await page.getByText('No tag contains “no such tag”.').waitFor();
    await find.fill('');
    await page.getByRole('button', { name: `Show ${SHOWN} more tags` }).click();
    await eventually(async () => ((await list.locator('li').count()) === 2 * SHOWN ? true : undefined), 'the next part');
    assert.ok((await tagRows(page)) <= 2 * SHOWN);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  it("Options' default tags: the popup's chip picker finds a tag far down by keyboard; saved, and kept as a chip", async () => {
    const options = await OptionsPage.open(h, 'shortening');
    const page = options.page;
    const field = page.getByRole('combobox', { name: 'Default tags', exact: true });
    await eventually(async () => ((await page.getByText('Loading tags…').count()) === 0 ? true : undefined), 'the tags loaded');
    // No list of a thousand checkboxes: only the tags that match what is typed are offered.
    assert.equal(await page.getByRole('checkbox').count(), 0);
    await field.fill('tag-099');
    const picker = options.tagPicker('Default tags');
    await eventually(async () => ((await picker.getByRole('option').count()) === 8 ? true : undefined), 'the first matching tags');
    await field.fill('TAG-0999');
    await eventually(async () => ((await picker.getByRole('option').count()) === 1 ? true : undefined), 'the one matching tag');
    await field.press('ArrowDown');
    assert.equal(await picker.getByRole('option', { selected: true }).innerText(), 'tag-0999');
    await field.press('Enter');
    await options.prefsSaved();
    assert.deepEqual(await options.chosenTags('Default tags'), ['tag-0999']);
    await page.reload();
    await eventually(async () => ((await options.chosenTags('Default tags')).join() === 'tag-0999' ? true : undefined), 'the chip after a reload');
    assert.deepEqual(await axeViolations(page), []);
    // Back to none, so the popup's new links below carry no default.
    await picker.getByRole('button', { name: 'Remove tag tag-0999' }).click();
    await options.prefsSaved();
    await page.close();
  });

  it('the popup: customise and a recent row each suggest only the tags that match, chosen by keyboard', async () => {
    const target = `${h.site.url}/many-tags`;
    const popup = await PopupPage.open(h, target);
    const page = popup.page;
    const shortUrl = await popup.shortLink();
    await popup.openCustomise();
    const field = page.getByRole('combobox', { name: 'Tags', exact: true });
    const options = page.getByRole('form', { name: 'Customise' }).getByRole('option');
    await eventually(async () => ((await page.getByText('Loading tags…').count()) === 0 ? true : undefined), 'the tags loaded');

    // ArrowDown on an empty field shows a few, never the thousand.
    await field.focus();
    await field.press('ArrowDown');
    await eventually(async () => ((await options.count()) === SUGGESTED ? true : undefined), 'the first suggestions');
    // Typed: only the matching ones; the arrows and Enter choose.
    await field.fill('-099');
    await eventually(async () => ((await options.allTextContents()).join() === TAGS.slice(990, 990 + SUGGESTED).join() ? true : undefined), 'the matching tags');
    await field.press('ArrowDown');
    await field.press('ArrowDown');
    await field.press('Enter');
    await field.fill('tag-0500');
    await field.press('ArrowDown');
    await field.press('Enter');
    const chips = page.getByRole('list', { name: 'Chosen tags' }).locator('li > span');
    assert.deepEqual(await chips.allTextContents(), ['tag-0991', 'tag-0500']);
    assert.ok((await tagRows(page)) < 100, `the popup drew ${await tagRows(page)} tag rows`);
    await page.getByRole('button', { name: 'Save tags on this link' }).click();
    await popup.waitForText(`Tags saved on ${shortUrl}.`);
    assert.deepEqual((await linkOf(shortUrl))?.tags, ['tag-0991', 'tag-0500']);

    // A recent row's tags, edited the same way: the tagged link has the 50 a link may hold, so Backspace
    // removes the last one first, then one found far up the list takes its place.
    await popup.row(tagged.shortUrl).waitFor();
    const before = (await linkOf(tagged.shortUrl))?.tags ?? [];
    await popup.rowAction(tagged.shortUrl, 'Edit tags');
    const row = popup.row(tagged.shortUrl);
    const rowField = row.getByRole('combobox', { name: `Tags of ${tagged.shortUrl}` });
    await rowField.press('Backspace');
    await rowField.fill('tag-0007');
    await eventually(async () => ((await row.getByRole('option').allTextContents()).join() === 'tag-0007' ? true : undefined), 'one match');
    await rowField.press('ArrowDown');
    await rowField.press('Enter');
    assert.ok((await tagRows(page)) < 100, `the popup drew ${await tagRows(page)} tag rows`);
    assert.deepEqual(await axeViolations(page), []);
    await row.getByRole('button', { name: 'Save tags' }).click();
    const after = [...before.slice(0, -1), 'tag-0007'];
    await eventually(async () => ((await linkOf(tagged.shortUrl))?.tags.join() === after.join() ? true : undefined), 'the tags saved on the service');
    await popup.close();
  });
});
