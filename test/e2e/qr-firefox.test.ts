/**
 * The QR designer in Firefox (Debian's firefox-esr over WebDriver BiDi): a
 * branded code with colours and a logo file is made in the popup, verified,
 * and downloaded as PNG and SVG into a folder the test reads; both files are
 * decoded (the SVG drawn by Firefox itself) back to the short link.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { ElementHandle, Page } from 'puppeteer-core';
import { eventually, useHarness } from './fixture';
import { clickButton, connectInOptions, startFirefoxHarness, waitForText } from './firefox-harness';
import { drawSvg, readDrawn } from './qr-svg-read';

const downloads = mkdtempSync(join(tmpdir(), 'shortlink-e2e-qr-downloads-'));
const files = mkdtempSync(join(tmpdir(), 'shortlink-e2e-qr-files-'));
after(() => {
  rmSync(downloads, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

/** A 64 px red disc on transparency, as a logo file. */
function logoFile(): string {
  const image = new PNG({ width: 64, height: 64 });
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 64; x++) image.data.set((x - 32) ** 2 + (y - 32) ** 2 <= 32 ** 2 ? [200, 20, 40, 255] : [0, 0, 0, 0], (y * 64 + x) * 4);
  }
  const path = join(files, 'logo.png');
  writeFileSync(path, PNG.sync.write(image));
  return path;
}

async function fillField(page: Page, selector: string, value: string): Promise<void> {
  // Emptied as a user would, by selecting all and typing over it.
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
}

/** The file Firefox saved whose name ends with `ext`, once it is complete. */
function downloaded(ext: string): Promise<Buffer> {
  return eventually(async () => {
    const name = readdirSync(downloads).find((n) => n.endsWith(ext));
    if (name === undefined) return undefined;
    const bytes = readFileSync(join(downloads, name));
    return bytes.length > 0 ? bytes : undefined;
  }, `a downloaded ${ext}`);
}

describe('Firefox: a branded QR code', () => {
  const h = useHarness(() =>
    startFirefoxHarness({
      prefs: {
        'browser.download.folderList': 2,
        'browser.download.dir': downloads,
        'browser.download.useDownloadDir': true,
        'browser.download.always_ask_before_handling_new_types': false,
        'browser.download.start_downloads_in_tmp_dir': false,
      },
    }),
  );

  it('is made with colours and a logo, verified, and its PNG and SVG downloads read back', async () => {
    const options = await connectInOptions(h);
    await options.close();

    const popup = await h.openPage(`popup.html?url=${encodeURIComponent(`${h.site.url}/firefox-qr`)}`);
    const handle = await popup.waitForFunction(() => document.querySelector('#short-link')?.getAttribute('data-url') || false, { polling: 100, timeout: 15_000 });
    const shortUrl = (await handle.jsonValue()) as string;
    // An icon button: named by its aria-label (ARIA-name queries do not work over BiDi in this Firefox).
    await popup.click('button[aria-label="QR code"]');
    await clickButton(popup, 'Colours and logo');
    await popup.waitForSelector('#result-qr-design-dark');

    await fillField(popup, '#result-qr-design-dark', 'navy');
    await waitForText(popup, 'This is not a colour.');
    await fillField(popup, '#result-qr-design-dark', '#1d3557');
    await fillField(popup, '#result-qr-design-light', '#f1faee');

    const picker = (await popup.$('input[type="file"]')) as ElementHandle<HTMLInputElement>;
    await picker.uploadFile(logoFile());
    await popup.waitForSelector('img.qr-logo-preview');
    await popup.select('#result-qr-design-logo-size', 'large');
    await waitForText(popup, 'Raised for the logo');
    await waitForText(popup, 'Checked: this code reads back as the short link.');

    await clickButton(popup, 'Download PNG');
    const png = PNG.sync.read(await downloaded('.png'));
    assert.equal(png.width, 1024);
    assert.equal(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, shortUrl);

    await clickButton(popup, 'Download SVG');
    const svg = (await downloaded('.svg')).toString('utf8');
    assert.match(svg, /<image [^>]*href="data:image\/png;base64,/);
    // Drawn by Firefox, as an image of the file, in a page of its own.
    const blank = await h.firefox.browser.newPage();
    const pixels = await blank.evaluate(drawSvg, svg);
    await blank.close();
    assert.equal(readDrawn(pixels), shortUrl);
    await popup.close();
  });
});
