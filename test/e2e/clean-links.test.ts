/**
 * Clean links (issue 25), in Chromium against the real service: a page whose
 * URL has fbclid, gclid and utm_source makes a link whose destination keeps
 * only utm_source; the popup names what was removed; Undo makes the link for
 * the URL as it was and deletes the cleaned one, which nobody had followed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, eventually, useExtension } from './fixture';
import { PopupPage } from './pages/popup-page';

interface ServiceLink {
  _id: string;
  shortUrl: string;
  longUrl: string;
}

describe('clean links', () => {
  const h = useExtension({ connect: true });

  async function links(): Promise<ServiceLink[]> {
    const res = await fetch(`${h.service.url}/api/link?workspaceId=${h.workspaceId}&pageSize=100`, {
      headers: { authorization: `Bearer ${h.token}` },
    });
    return ((await res.json()) as { data: { list: ServiceLink[] } }).data.list;
  }

  it('removes fbclid and gclid, keeps utm_source, says so, and Undo makes the original', async () => {
    const original = `${h.site.url}/offer?id=7&fbclid=IwAR0abc&gclid=Cj0KCQ&utm_source=news`;
    const cleaned = `${h.site.url}/offer?id=7&utm_source=news`;
    const popup = await PopupPage.open(h, original);
    const first = await popup.shortLink();
    await popup.waitForText('Removed fbclid and gclid');
    assert.deepEqual(
      (await links()).filter((l) => l.shortUrl === first).map((l) => l.longUrl),
      [cleaned],
    );
    assert.deepEqual(await axeViolations(popup.page), []);

    await popup.page.getByRole('button', { name: 'Undo' }).click();
    await eventually(async () => ((await popup.shortLink()) !== first ? true : undefined), 'the link for the URL as it was');
    const second = await popup.shortLink();
    await popup.waitForText(`The cleaned link (${first}) had no clicks, so it was deleted.`);
    const now = await links();
    assert.deepEqual(now.filter((l) => l.shortUrl === second).map((l) => l.longUrl), [original]);
    assert.equal(now.some((l) => l.shortUrl === first), false);
  });
});
