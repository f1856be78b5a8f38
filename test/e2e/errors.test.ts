import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, useExtension } from './fixture';
import { PopupPage } from './pages/popup-page';

describe('the popup explains what it cannot do', () => {
  const h = useExtension();

  it('asks to open the settings when no connection is saved', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/a`);
    await popup.waitForText('Connect the extension to your link-shortening service first.');
    await popup.page.getByRole('button', { name: 'Open settings' }).first().waitFor();
    // No profile yet: nothing to switch to.
    assert.equal(await popup.page.getByRole('button', { name: /profile/i }).count(), 0);
    assert.deepEqual(await axeViolations(popup.page), []);
    await popup.close();
  });

  it('offers a URL field for a page that cannot be shortened', async () => {
    await h.connect();
    const popup = await PopupPage.open(h, 'chrome://version/');
    await popup.waitForText("This page can't be shortened. Paste a link to shorten instead.");
    await popup.urlField().fill(`${h.site.url}/pasted`);
    await popup.page.getByRole('button', { name: 'Shorten', exact: true }).click();
    assert.match(await popup.shortLink(), /^http:\/\/127\.0\.0\.1:\d+\/\w{7}$/);
    assert.equal((await h.listLinks()).list[0]?.longUrl, `${h.site.url}/pasted`);
    await popup.close();
  });

  it('says the token was refused, and what to do', async () => {
    await h.connect({ token: 'revoked-token' });
    const popup = await PopupPage.open(h, `${h.site.url}/b`);
    await popup.waitForText('The service refused the API token.');
    await popup.waitForText('Check the token in settings, or make a new one.');
    // One way out: the settings (trying again would be refused the same way).
    await popup.page.getByRole('button', { name: 'Open settings' }).waitFor();
    assert.equal(await popup.page.getByRole('button', { name: 'Retry' }).count(), 0);
    assert.deepEqual(await axeViolations(popup.page), []);
    await popup.close();
  });

  it("shows the service's error in words", async () => {
    await h.connect({ workspaceId: 'not-granted' });
    const popup = await PopupPage.open(h, `${h.site.url}/c`);
    await popup.waitForText(/^The service refused this: .+/);
    await popup.waitForText("Check the workspace ID in settings: this token doesn't give access to it.");
    await popup.close();
  });
});
