/**
 * The bulk page's main path in Firefox (Debian's firefox-esr over WebDriver
 * BiDi, .output/firefox-mv3 from `npm run build:firefox`): connect through
 * the options page as a user does, paste a text, Shorten, and every link is
 * made once on the real service; Replace in text gives the text with them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, useHarness } from './fixture';
import { clickButton, connectInOptions, startFirefoxHarness, waitForText } from './firefox-harness';

describe('Firefox: bulk shortening', () => {
  const h = useHarness(() => startFirefoxHarness());

  it('a pasted text: its links made once each, the results shown, the text with its short links', async () => {
    const options = await connectInOptions(h);
    await options.close();

    const urls = Array.from({ length: 20 }, (_, i) => `${h.site.url}/firefox-bulk-${i}`);
    const text = `Links of the week:\n${urls.map((u, i) => `${i + 1}. (${u}).`).join('\n')}\nAgain: ${urls[3]}, javascript:alert(1)\n`;
    const page = await h.openPage('bulk.html');
    await page.waitForSelector('#bulk-text', { timeout: 30_000 });
    // The whole text at once, as a paste gives it (typing 2 KB key by key would take long).
    await page.evaluate((value: string) => {
      const field = document.querySelector<HTMLTextAreaElement>('#bulk-text')!;
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
    await waitForText(page, "20 links to shorten, 1 repeat folded into its first, 1 can't be shortened", 30_000);
    await clickButton(page, 'Shorten 20 links');
    await waitForText(page, 'Done: 20 links made.', 60_000);

    const made = await eventually(async () => {
      const list = (await h.listLinks()).filter((l) => l.longUrl.includes('/firefox-bulk-'));
      return list.length >= 20 ? list : undefined;
    }, '20 links on the service');
    assert.equal(made.length, 20, 'none made twice');
    assert.equal(new Set(made.map((l) => l.longUrl)).size, 20);

    await clickButton(page, 'Replace in text');
    await page.waitForSelector('#bulk-replaced-text');
    const replaced = await page.evaluate(() => document.querySelector<HTMLTextAreaElement>('#bulk-replaced-text')!.value);
    const shortOf = new Map(made.map((l) => [l.longUrl, l.shortUrl]));
    const expected = `Links of the week:\n${urls.map((u, i) => `${i + 1}. (${shortOf.get(u)}).`).join('\n')}\nAgain: ${shortOf.get(urls[3]!)}, javascript:alert(1)\n`;
    assert.equal(replaced, expected);
    await page.close();
  });
});
