import { render } from 'preact';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import type { TabRef } from '@/lib/browser/open-stats';
import { localPopupState, readLocalCache } from '@/lib/popup/local';
import { begin } from '@/lib/popup/start';
import { mark } from '@/lib/popup/timing-marks';
import { applyThemeHint } from '@/lib/browser/theme';
import '@/components/shared/theme.css';
import '@/components/popup/popup.css';
import { App } from './app';

mark('start');

/** The tab the popup is about, kept for Stats: the panel must open from the click, with no query in between. */
let statsTab: TabRef | undefined;

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
  return { openedAsTab: false, url: tab?.url };
}

// Ask first, render second: the question travels while Preact draws.
const begun = begin({ send: sendMessage, search: location.search, whereAmI, readLocalCache, localPopupState, mark });
document.title = t('popupTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
// The chosen theme before the first render, from the copy pages keep in localStorage.
applyThemeHint();
render(<App begun={begun} statsTab={() => statsTab} />, document.getElementById('app') as HTMLElement);
// The shortcuts' keys, after the first frame (entrypoints/popup-help.ts): a classic script of the
// extension's own, added by its fixed path. An import() of it would cost the same bytes, but AMO's
// linter warns on any import() whose argument is not a literal.
setTimeout(() => document.head.append(Object.assign(document.createElement('script'), { src: '/popup-help.js' })));
