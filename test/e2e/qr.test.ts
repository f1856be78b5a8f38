/**
 * The popup's QR code: shown on demand in place under the link (its encoder
 * loads only then; the size bench checks the first load carries none of it),
 * and its PNG download decodes back to the short link. The designer makes a
 * branded code (colours, logo) whose PNG and SVG downloads read back too,
 * and refuses bad colours and bad logos in words.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { axeViolations, useExtension } from './fixture';
import { PopupPage } from './pages/popup-page';
import { drawSvg, readDrawn } from './qr-svg-read';

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

  it('makes a branded code with a logo, verifies it and downloads a PNG and an SVG that read back', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/qr-brand`);
    const shortUrl = await popup.shortLink();
    const { page } = popup;
    await page.getByRole('button', { name: 'QR code', exact: true }).click();
    await page.getByRole('img', { name: `QR code of ${shortUrl}` }).waitFor();
    await page.getByRole('button', { name: 'Colours and logo' }).click();

    // Text that is not a colour, then a pair scanners cannot read: refused beside the field, no download.
    const dark = page.getByRole('textbox', { name: 'Code colour' });
    await dark.fill('navy');
    await page.getByText('This is not a colour.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Download PNG' }).isDisabled(), true);
    await dark.fill('#ffffff');
    await page.getByRole('textbox', { name: 'Background colour' }).fill('#000000');
    await page.getByText('The code must be darker than its background', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Background colour' }).fill('#f1faee');
    await dark.fill('#e63946');
    await page.getByText('Too little contrast', { exact: false }).waitFor();
    await dark.fill('#1d3557');

    // Bad logos are refused in words; nothing shows as the logo.
    const picker = page.getByLabel('Choose an image (PNG, JPEG or SVG, up to 1 MB)');
    await picker.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByText('That file is not a PNG, JPEG or SVG image.').waitFor();
    await picker.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: pngOf(1, 1) });
    await page.getByText('That image is too small for a logo', { exact: false }).waitFor();
    await picker.setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await page.getByText('That SVG contains scripts, so it cannot be a logo.').waitFor();
    assert.equal(await page.getByRole('img', { name: 'Logo in use' }).count(), 0);

    await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngOf(64, 64) });
    await page.getByRole('img', { name: 'Logo in use' }).waitFor();
    await page.getByRole('combobox', { name: 'Logo size' }).selectOption({ label: 'Large' });
    await page.getByText('Raised for the logo', { exact: false }).waitFor();
    await page.getByRole('combobox', { name: 'PNG size' }).selectOption('2048');
    await page.getByText('Checked: this code reads back as the short link.').waitFor();

    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    const png = PNG.sync.read(readFileSync(await pngDownload.path()));
    assert.equal(png.width, 2048);
    assert.equal(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, shortUrl);
    assert.deepEqual([...png.data.subarray(0, 3)], [0xf1, 0xfa, 0xee], 'the background colour, in the corner');

    // Copied as an image: the clipboard holds the same verified PNG.
    await page.getByRole('button', { name: 'Copy image' }).click();
    await page.getByText('Image copied.').waitFor();
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const blob = await item!.getType('image/png');
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    });
    const fromClipboard = PNG.sync.read(Buffer.from(copied));
    assert.equal(jsQR(new Uint8ClampedArray(fromClipboard.data), fromClipboard.width, fromClipboard.height)?.data, shortUrl);

    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
    assert.match(svgDownload.suggestedFilename(), /^qr-[A-Za-z0-9_-]+\.svg$/);
    const svg = readFileSync(await svgDownload.path(), 'utf8');
    assert.match(svg, /<image [^>]*href="data:image\/png;base64,/);
    assert.equal(await decodeSvg(page, svg), shortUrl);

    // Saved as the profile's default style: the next code opens in it, logo included.
    await page.getByRole('textbox', { name: 'Style name' }).fill('Acme print');
    await page.getByRole('checkbox', { name: "Use as this profile's default" }).check();
    await page.getByRole('button', { name: 'Save style' }).click();
    await page.getByText("Saved “Acme print” as this profile's default.").waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page), [], 'dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Hide QR code' }).click();
    await page.getByRole('button', { name: 'QR code', exact: true }).click();
    await page.getByRole('button', { name: 'Colours and logo' }).click();
    await page.getByRole('img', { name: 'Logo in use' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Code colour' }).inputValue(), '#1d3557');
    assert.equal(await page.getByRole('combobox', { name: 'Style', exact: true }).inputValue(), 'Acme print');
    await page.getByText('Checked: this code reads back as the short link.').waitFor();
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    const reopened = PNG.sync.read(readFileSync(await again.path()));
    assert.equal(jsQR(new Uint8ClampedArray(reopened.data), reopened.width, reopened.height)?.data, shortUrl);
    assert.deepEqual([...reopened.data.subarray(0, 3)], [0xf1, 0xfa, 0xee]);
    await popup.close();
  });
});

/** A width x height PNG: a red disc on transparency, the kind of logo people upload. */
function pngOf(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 <= (width / 2) ** 2;
      image.data.set(inside ? [200, 20, 40, 255] : [0, 0, 0, 0], i);
    }
  }
  return PNG.sync.write(image);
}

/** Draws an SVG file as a browser would (an <img> of it, in a blank page) and reads the pixels with jsQR. */
async function decodeSvg(page: Page, svg: string): Promise<string | null> {
  const blank = await page.context().newPage();
  try {
    return readDrawn(await blank.evaluate(drawSvg, svg));
  } finally {
    await blank.close();
  }
}
