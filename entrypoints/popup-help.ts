/**
 * Fills the popup's help line (popup/index.html, #help-line) with the keys of
 * its shortcuts. A script of its own, loaded by the popup after its first
 * frame (popup/main.tsx): a bundled dynamic import would bring Vite's
 * preload helper into the popup's first load (measured: +0.7 KB gzip) for
 * one line; importing this file by its address costs 29 bytes.
 */
import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { shortcutHelpText } from '@/lib/i18n/shortcut-help-text';

export default defineUnlistedScript(async () => {
  const line = document.getElementById('help-line');
  if (line === null) return;
  // A browser that cannot list them still gets the line, with no key named.
  const commands = await browser.commands.getAll().catch(() => []);
  line.textContent = shortcutHelpText(commands);
  line.hidden = false;
});
