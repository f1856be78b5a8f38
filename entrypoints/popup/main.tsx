import { render } from 'preact';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import type { TabRef } from '@/lib/browser/open-stats';
import { localPopupState, readLocalCache } from '@/lib/popup/local';
import { pageIconUrl } from '@/lib/popup/page-icon';
import { begin } from '@/lib/popup/start';
import { createPopupController, type PopupModel } from '@/lib/popup/controller';
import { mark } from '@/lib/popup/timing-marks';
import { applyThemeHint } from '@/lib/browser/theme';
import type { PageInfo } from '@/components/popup/popup-body';
import '@/components/shared/theme.css';
import '@/components/popup/popup.css';
import { App } from './app';

mark('start');

/** The tab the popup is about, kept for Stats: the panel must open from the click, with no query in between. */
let statsTab: TabRef | undefined;
/** The active tab's address and title, for the result card (the tab form has none). */
let page: PageInfo | null = null;

/**
 * Where the popup is: the toolbar popup (no query string) reads the active
 * tab; the tab form (`?url=`) only needs to know it is a tab.
 */
async function whereAmI(): Promise<{ openedAsTab: boolean; url: string | undefined }> {
  const current = location.search === '' ? undefined : await browser.tabs.getCurrent();
  if (current !== undefined) {
    statsTab = { id: current.id, windowId: current.windowId };
    return { openedAsTab: true, url: undefined };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  statsTab = tab === undefined ? undefined : { id: tab.id, windowId: tab.windowId };
  page = tab?.url === undefined ? null : { url: tab.url, title: tab.title || null };
  return { openedAsTab: false, url: tab?.url };
}

async function copyToClipboard(text: string): Promise<boolean> {
  await navigator.clipboard.writeText(text);
  return true;
}

// Ask first, render second: the question travels while Preact draws.
const begun = begin({ send: sendMessage, search: location.search, whereAmI, readLocalCache, localPopupState, mark });
// The controller starts now, not in an effect after the first frame: an answer that arrives before
// that frame is drawn in it, rather than one frame later.
let follow: (model: PopupModel) => void = () => undefined;
const popup = createPopupController({ send: sendMessage, copy: copyToClipboard, mark, onChange: (model) => follow(model) });
void popup.start(begun);
// Chrome gives page icons to extensions holding `favicon` (wxt.config.ts); elsewhere the popup draws letters.
// Both casts: the browser's types list neither this permission nor this path of the extension's own.
const permissions = (browser.runtime.getManifest().permissions ?? []) as string[];
const faviconBase = permissions.includes('favicon') ? (browser.runtime.getURL as (path: string) => string)('/_favicon/') : null;
document.title = t('popupTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
// The chosen theme before the first render, from the copy pages keep in localStorage.
applyThemeHint();
render(
  <App
    popup={popup}
    follow={(show) => {
      follow = show;
    }}
    local={begun.local}
    statsTab={() => statsTab} page={() => page} iconUrl={(url) => pageIconUrl(url, faviconBase)} />,
  document.getElementById('app') as HTMLElement,
);
