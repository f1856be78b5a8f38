/**
 * A workspace at the service's cap of a thousand tags, in the options page:
 * the Tags section and the default tags picker each draw the first tags, a
 * field narrows them, and a button shows the rest on request; a tag found
 * far down is ticked and saved as a default.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';

const TAGS = Array.from({ length: 1000 }, (_, i) => `tag-${String(i).padStart(4, '0')}`);
/** lib/tags/tag-window.ts, TAGS_SHOWN. */
const SHOWN = 60;

describe('a thousand tags in the options page', () => {
  const h = useExtension({ connect: true });

  before(async () => {
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${h.service.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200, `${method} ${path}`);
      return ((await res.json()) as { data: { linkId: string } }).data;
    };
    const { linkId } = await call('POST', '/link', { workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: `${h.site.url}/tagged`, customDomain: null });
    // Tags new to the workspace join its list: 50 per link, the most a link holds.
    for (let i = 0; i < TAGS.length; i += 50) await call('PATCH', '/link', { workspaceId: h.workspaceId, linkId, tags: TAGS.slice(i, i + 50) });
  });

  it('draws the first tags of each list, narrows them as typed, and shows the rest on request', async () => {
    const options = await OptionsPage.open(h);
    const page = options.page;
    const section = page.getByRole('list', { name: 'Tags', exact: true });
    await section.getByText('tag-0000', { exact: true }).waitFor();
    assert.equal(await section.locator('li').count(), SHOWN);
    const picker = page.locator('fieldset.tag-picker');
    assert.equal(await picker.getByRole('checkbox').count(), SHOWN);

    // The Tags section: narrowed to one, then every tag on request.
    await page.locator('#options-tags-find').fill('TAG-0999');
    assert.deepEqual(await section.locator('li').allTextContents(), ['tag-0999']);
    await page.locator('#options-tags-find').fill('');
    await page.locator('section[aria-labelledby="tags-heading"]').getByRole('button', { name: `Show ${1000 - SHOWN} more tags` }).click();
    assert.equal(await section.locator('li').count(), 1000);

    // The default tags: a tag far down found, ticked, saved, and still in view once the filter is cleared.
    await page.locator('#default-tags-find').fill('tag-0999');
    await picker.getByRole('checkbox', { name: 'tag-0999' }).check();
    await page.locator('#default-tags-find').fill('no such tag');
    await picker.getByText('No tag contains “no such tag”.').waitFor();
    await page.locator('#default-tags-find').fill('');
    assert.equal(await picker.getByRole('checkbox').count(), SHOWN + 1);
    await page.getByRole('button', { name: 'Save shortening defaults' }).click();
    await page.getByText('Saved.').first().waitFor();
    await page.reload();
    await page.locator('fieldset.tag-picker').getByRole('checkbox', { name: 'tag-0999' }).waitFor();
    assert.equal(await page.locator('fieldset.tag-picker').getByRole('checkbox', { name: 'tag-0999' }).isChecked(), true);
    await page.close();
  });
});
