/**
 * Campaign values in the popup's Customise (issue 25), in Chromium against
 * the real service: a template saved for the profile applied with one click,
 * the final URL shown before the link is made, and the link made for it with
 * the template's utm_* values and the page's other query pairs as they were,
 * replacing the one-click link nobody followed; values typed with spaces,
 * `&`, `#` and Unicode arrive encoded; a bad value is refused beside its field.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { WithChrome } from '../../scripts/chromium';
import { axeViolations, eventually, useExtension } from './fixture';
import { PopupPage } from './pages/popup-page';

const NEWSLETTER = { id: 'tpl-newsletter', name: 'Newsletter', utm: { source: 'newsletter', medium: 'email', campaign: 'autumn', term: '', content: '' } };
const LINKEDIN = { id: 'tpl-linkedin', name: 'LinkedIn', utm: { source: 'linkedin', medium: 'social', campaign: '', term: '', content: '' } };

describe('campaign values in Customise', () => {
  const h = useExtension({ connect: true });

  before(async () => {
    // The profile's templates, as the options page or an imported settings file would have saved them.
    const worker = await h.worker();
    await worker.evaluate(
      (templates) =>
        (globalThis as unknown as WithChrome).chrome.storage.local.set({
          linkSetup: { v: 1, byProfile: { 'profile-1': { templates, rules: [] } } },
          linkSetup$: { v: 1 },
        }),
      [NEWSLETTER, LINKEDIN],
    );
  });

  const linksNow = async () => (await h.listLinks()).list;
  const finalUrl = (popup: PopupPage) => popup.page.locator('#campaign-final-url');

  it('a template applied with one click: the final URL shown, then a link for it replacing the one-click link', async () => {
    const target = `${h.site.url}/offer?id=7&utm_source=old&size=m%2Bl&note=a+b#details`;
    const popup = await PopupPage.open(h, target);
    const first = await popup.shortLink();
    await popup.openCustomise();
    assert.equal(await popup.page.getByLabel('Source', { exact: true }).inputValue(), 'old');
    assert.equal(await finalUrl(popup).textContent(), target);
    await popup.page.getByRole('button', { name: 'Newsletter', exact: true }).click();
    const expected = `${h.site.url}/offer?id=7&utm_source=newsletter&size=m%2Bl&note=a+b&utm_medium=email&utm_campaign=autumn#details`;
    assert.equal(await finalUrl(popup).textContent(), expected);
    assert.equal(await popup.page.getByLabel('Medium', { exact: true }).inputValue(), 'email');
    await popup.waitForText('Saving makes a new link for this URL.');
    assert.deepEqual(await axeViolations(popup.page), []);
    await popup.page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(popup.page), [], 'dark');
    await popup.page.emulateMedia({ colorScheme: 'light' });

    await popup.page.getByRole('button', { name: 'Create link with these values' }).click();
    await eventually(async () => ((await popup.shortLink()) !== first ? true : undefined), 'the link for the final URL');
    const made = await popup.shortLink();
    await popup.waitForText(`The link made when the popup opened (${first}) had no clicks, so it was deleted`);
    const links = await linksNow();
    assert.deepEqual(links.filter((l) => l.shortUrl === made).map((l) => l.longUrl), [expected]);
    assert.equal(links.some((l) => l.shortUrl === first), false, 'the one-click link is not left behind');
    // The panel now shows the new link's own values: nothing left to change.
    assert.equal(await finalUrl(popup).textContent(), expected);
    await popup.page.getByRole('button', { name: 'Save tags on this link' }).waitFor();
    await popup.close();
  });

  it('values typed with spaces, "&", "#" and Unicode arrive trimmed and encoded, with a custom keyword', async () => {
    const target = `${h.site.url}/typed?x=1`;
    const popup = await PopupPage.open(h, target);
    await popup.shortLink();
    await popup.openCustomise();
    await popup.page.getByLabel('Campaign name').fill('  spring sale & more #1 ');
    await popup.page.getByLabel('Content', { exact: true }).fill('दिवाली');
    const expected = `${h.site.url}/typed?x=1&utm_campaign=spring%20sale%20%26%20more%20%231&utm_content=${encodeURIComponent('दिवाली')}`;
    assert.equal(await finalUrl(popup).textContent(), expected);
    await popup.page.getByLabel('Custom keyword').fill('spring-typed');
    await popup.page.getByRole('button', { name: 'Create custom link' }).click();
    await eventually(async () => ((await popup.shortLink()).endsWith('/spring-typed') ? true : undefined), 'the custom link');
    const link = (await linksNow()).find((l) => l.shortUrl.endsWith('/spring-typed'));
    assert.ok(link);
    assert.equal(link.longUrl, expected);
    const res = await fetch(link.shortUrl, { redirect: 'manual' });
    assert.equal(res.headers.get('location'), expected);
    await popup.close();
  });

  it('a value too long or with a control character is refused in words beside its field, and nothing is sent', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/refused`);
    await popup.shortLink();
    await popup.openCustomise();
    const term = popup.page.getByLabel('Term', { exact: true });
    await term.fill('x'.repeat(201));
    const message = popup.page.locator('#utm-term-message');
    assert.equal(await message.textContent(), 'A campaign value has at most 200 characters: this one has 201.');
    assert.equal(await term.getAttribute('aria-describedby'), 'utm-term-message');
    assert.equal(await term.getAttribute('aria-invalid'), 'true');
    assert.equal(await popup.page.getByRole('button', { name: 'Create link with these values' }).isDisabled(), true);
    await term.fill('ok');
    assert.equal(await message.textContent(), '');
    assert.equal(await popup.page.getByRole('button', { name: 'Create link with these values' }).isDisabled(), false);
    // A text field drops line breaks by itself; a tab pasted in stays, and is refused.
    await term.fill('a\tb');
    assert.equal(await message.textContent(), 'Remove the line breaks, tabs or other control characters.');
    h.resetRequests();
    await term.press('Enter');
    await popup.page.waitForTimeout(300);
    assert.deepEqual(h.requestPaths().filter((path) => path.startsWith('POST')), []);
    await popup.close();
  });

  it('with no templates saved, Customise says where they are made', async () => {
    const worker = await h.worker();
    await worker.evaluate(() =>
      (globalThis as unknown as WithChrome).chrome.storage.local.set({ linkSetup: { v: 1, byProfile: { 'profile-1': { templates: [], rules: [] } } } }),
    );
    const popup = await PopupPage.open(h, `${h.site.url}/no-templates`);
    await popup.shortLink();
    await popup.openCustomise();
    await popup.waitForText('Saved templates (Newsletter, LinkedIn, …) are made in Settings → Campaigns and site rules.');
    assert.equal(await popup.page.getByRole('button', { name: 'Newsletter', exact: true }).count(), 0);
    await popup.close();
  });
});
