import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { popupFirstChunk } from './scripts/popup-first-chunk';

/**
 * Extension pages may run only the extension's own scripts. `connect-src`
 * stays open to http(s) because the service's address is chosen by the user;
 * the browser still needs the optional host permission granted at Save.
 * `img-src blob:` is for the QR designer's logo: a picked file is drawn from
 * a blob URL the page made itself (never a remote address) to rasterise it.
 */
const EXTENSION_PAGES_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "img-src 'self' blob:",
  "connect-src 'self' http: https:",
].join('; ');

// https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Firefox too is built as MV3 (WXT's default there is MV2): one manifest shape, `action` and
  // `host_permissions` in both, and AMO's signing no longer favours MV2. Firefox runs the MV3
  // background as an event page (a document, so `navigator.clipboard` works there) rather than a
  // service worker; WXT writes `background.scripts` for it.
  manifestVersion: 3,
  // terser with two compress passes rather than esbuild's minifier: measured
  // 4.2 KB less gzip on the side panel's Chart.js chunk (55.0 -> 50.9 KB) and
  // 0.3 KB on the popup, which keeps both within their budgets.
  vite: () => ({
    plugins: [
      preact(),
      {
        // The pages' build only: the background and content scripts are single files already.
        name: 'popup-first-chunk',
        outputOptions: (output) => (output.format === 'es' && !output.inlineDynamicImports ? { ...output, manualChunks: popupFirstChunk() } : null),
      },
    ],
    build: {
      // Chromium and Firefox both support modulepreload: Vite's polyfill for it would be one more
      // file on every page's first load (0.4 KB gzip), run for nothing.
      modulePreload: { polyfill: false },
      minify: 'terser',
      terserOptions: { compress: { passes: 2 } },
    },
  }),
  hooks: {
    // Firefox shows the side panel page as its sidebar: WXT writes `sidebar_action` from the
    // sidepanel entrypoint (panel, and the title from the page's <title>, a catalogue message)
    // and replaces the whole key, so the parts it leaves out are added here, after it.
    'build:manifestGenerated': (_wxt, manifest) => {
      const sidebar = (manifest as { sidebar_action?: Record<string, unknown> }).sidebar_action;
      if (sidebar === undefined) return;
      sidebar.default_icon ??= { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png' };
      // Firefox opens a new sidebar at install unless told not to; it has nothing to show before a
      // connection is saved, and "Show stats" or a popup Stats button opens it when there is.
      sidebar.open_at_install ??= false;
    },
  },
  manifest: ({ browser }) => {
    const chromium = browser !== 'firefox';
    return {
      name: '__MSG_extensionName__',
      description: '__MSG_extensionDescription__',
      default_locale: 'en',
      // The least that works: the active tab's URL on a click, settings and
      // caches, the link context menu, queue replay alarms, notifications of
      // queued links. The background copies (context menu, queued links)
      // through an offscreen document in Chrome: it is never focused, so only
      // execCommand('copy') works there, and that needs clipboardWrite
      // (checked in headless Chromium). Firefox's background page needs it too.
      // `favicon` (Chrome only): the popup shows a page's icon as the browser
      // already has it, from the extension's own `/_favicon/`, with no request
      // to the page's site; Firefox has no such permission, and draws letters.
      // `scripting`: "Shorten links in selection" reads the selected part of
      // the page once, under the activeTab grant its click gives
      // (lib/background/menus/selection-links.ts); "Paste as short link" and
      // "Shorten the links in this text box" write into the field clicked (or
      // focused, for the shortcut) the same way (lib/background/menus/field-edit.ts);
      // no host permission, no content script.
      permissions: [
        'activeTab',
        'storage',
        'contextMenus',
        'alarms',
        'notifications',
        'clipboardWrite',
        'scripting',
        ...(chromium ? ['sidePanel', 'offscreen', 'favicon'] : []),
      ],
      // Only the service's origin is ever asked for, when the user saves it.
      // `tabs` is asked for only from the side panel's "Follow the active
      // tab" button (it reads the active tab's address to show its link) and
      // the popup's "Shorten all tabs in this window" (the window's addresses).
      // `clipboardRead` only at the first "Paste as short link", from a page of
      // ours that says why (paste-access.html): the clipboard is read when the
      // user asks for that paste, never otherwise (lib/background/menus/paste-short-link.ts).
      optional_permissions: ['tabs', 'clipboardRead'],
      optional_host_permissions: ['http://*/*', 'https://*/*'],
      content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
      action: { default_title: '__MSG_actionTitle__' },
      commands: {
        _execute_action: {
          suggested_key: { default: 'Alt+Shift+L' },
        },
        // Shortens the current tab and copies the link with no UI (lib/background/menus/shortcut-command.ts).
        'shorten-and-copy': {
          suggested_key: { default: 'Alt+Shift+K' },
          description: '__MSG_menusCommandShortenCopy__',
        },
        // Pastes the clipboard's address as a short link in the focused field (lib/background/menus/paste-short-link.ts).
        // Alt+Shift+V: free in Chrome and Firefox (neither reserves it), and V says paste.
        'paste-short-link': {
          suggested_key: { default: 'Alt+Shift+V' },
          description: '__MSG_menusCommandPaste__',
        },
      },
      ...(chromium
        ? {}
        : {
            browser_specific_settings: {
              gecko: {
                id: 'shortlink@extension.invalid',
                // Firefox's own data-consent dialog needs 140 on desktop and 142 on Android (where
                // this also sets the minimum); MV3's optional host permissions, 128.
                strict_min_version: '142.0',
                // Data leaves the device only for the service the user connects (docs/privacy.md),
                // but it does leave: the addresses of the pages shortened, and, when the user
                // records a lead or sale, the customer's name or email and the sale's amount.
                data_collection_permissions: {
                  required: ['browsingActivity', 'personallyIdentifyingInfo', 'financialAndPaymentInfo'],
                },
              },
            },
          }),
    };
  },
});
