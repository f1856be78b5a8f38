/**
 * The popup's QR code: shown on demand in a frame (qr.html), and its PNG
 * download decodes back to the short link. The popup's first load carries
 * none of the encoder (checked by the size bench); here, that it works.
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
    assert.equal(await page.locator('iframe.qr-frame').count(), 0, 'no QR frame before it is asked for');

    await page.getByRole('button', { name: 'QR code', exact: true }).click();
    const hide = page.getByRole('button', { name: 'Hide QR code' });
    assert.equal(await hide.getAttribute('aria-expanded'), 'true');
    const frame = page.frameLocator('iframe.qr-frame');
    await frame.getByRole('img', { name: `QR code of ${shortUrl}` }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), frame.getByRole('button', { name: 'Download PNG' }).click()]);
    assert.match(download.suggestedFilename(), /^qr-[A-Za-z0-9_-]+\.png$/);
    const png = PNG.sync.read(readFileSync(await download.path()));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    assert.equal(decoded?.data, shortUrl);

    assert.deepEqual(await axeViolations(page), []);
    const qrPage = await h.openPage(`qr.html?url=${encodeURIComponent(shortUrl)}`);
    assert.deepEqual(await axeViolations(qrPage), []);
    await qrPage.close();

    await hide.click();
    assert.equal(await page.locator('iframe.qr-frame').count(), 0);
    await popup.close();
  });

  it('refuses to draw anything but an http(s) link, in words', async () => {
    const page = await h.openPage(`qr.html?url=${encodeURIComponent('javascript:alert(1)')}`);
    await page.getByRole('alert').waitFor();
    assert.equal(await page.locator('svg').count(), 0);
    await page.close();
  });
});
