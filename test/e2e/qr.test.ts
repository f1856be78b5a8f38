/**
 * The popup's QR code: shown on demand in place under the link (its encoder
 * loads only then; the size bench checks the first load carries none of it),
 * and its PNG download decodes back to the short link.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { axeViolations, useExtension } from './fixture';
import { PopupPage } from './pages/popup-page';

describe('QR code of a short link', () => {
  const h = useExtension({ clipboard: true, connect: true });

  it('shows the code on demand and its PNG download decodes to the short link', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/qr-page`);
    const shortUrl = await popup.shortLink();
    const { page } = popup;
    const image = page.getByRole('img', { name: `QR code of ${shortUrl}` });
    assert.equal(await image.count(), 0, 'no QR code before it is asked for');

    const toggle = page.getByRole('button', { name: 'QR code', exact: true });
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await image.waitFor();
    assert.equal(await page.locator('iframe').count(), 0, 'in the popup itself, not a frame');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    assert.match(download.suggestedFilename(), /^qr-[A-Za-z0-9_-]+\.png$/);
    const png = PNG.sync.read(readFileSync(await download.path()));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    assert.equal(decoded?.data, shortUrl);

    assert.deepEqual(await axeViolations(page), []);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page), [], 'dark');

    // Closed from the code itself, or with the same button.
    await page.getByRole('button', { name: 'Hide QR code' }).click();
    assert.equal(await image.count(), 0);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    await image.waitFor();
    await toggle.click();
    assert.equal(await image.count(), 0);
    await popup.close();
  });
});
