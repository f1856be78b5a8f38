import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

describe('shortening defaults set in the options page', () => {
  const h = useExtension({ connect: true });

  /** Each change is saved as it is made: no Save button, a brief "Saved." instead. */
  async function saveDefaults(change: (options: OptionsPage) => Promise<void>): Promise<void> {
    const options = await OptionsPage.open(h, 'shortening');
    await options.page.getByLabel('Shorten the current page as soon as the popup opens').waitFor();
    await change(options);
    await options.prefsSaved();
    await options.page.close();
  }

  it('with auto-shorten off, the popup waits for the user before making anything', async () => {
    await saveDefaults((o) => o.page.getByLabel('Shorten the current page as soon as the popup opens').uncheck());
    const target = `${h.site.url}/not-yet`;
    const popup = await PopupPage.open(h, target);
    const field = popup.urlField();
    await field.waitFor();
    assert.equal(await field.inputValue(), target);
    assert.equal((await h.listLinks()).totalCount, 0, 'nothing made on open');
    await popup.page.getByRole('button', { name: 'Shorten', exact: true }).click();
    await popup.shortLink();
    assert.equal((await h.listLinks()).totalCount, 1);
    await popup.close();
  });

  it('with custom keywords by default, the popup opens on the keyword field', async () => {
    await saveDefaults(async (o) => {
      await o.page.getByLabel('Shorten the current page as soon as the popup opens').check();
      await o.page.getByLabel('Short link keyword').selectOption('CUSTOM');
    });
    const popup = await PopupPage.open(h, `${h.site.url}/custom-default`);
    await popup.page.getByLabel('Custom keyword').fill('my-pick');
    await popup.page.getByRole('button', { name: 'Create custom link' }).click();
    assert.match(await popup.shortLink(), /\/my-pick$/);
    await popup.close();
  });
});
