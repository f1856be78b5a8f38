import { render } from 'preact';
import { browser } from '@/lib/browser/native-api';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import type { TabRef } from '@/lib/browser/open-stats';
import { pageIconUrl } from '@/lib/popup/page-icon';
import { takeEarlyStart } from '@/lib/popup/early-slot';
import { createPopupController, type PopupModel } from '@/lib/popup/controller';
import { mark } from '@/lib/popup/timing-marks';
import { copyText } from '@/lib/browser/copy-text';
import { applyThemeHint } from '@/lib/browser/theme';
import type { PageInfo } from '@/lib/popup/where-am-i';
import '@/components/shared/theme.css';
import '@/components/popup/popup.css';
import { App } from './app';

mark('main');
// The first questions were asked by the popup's first script (entrypoints/popup-start.ts) while these modules loaded.
const { begun, place } = takeEarlyStart();
/** The tab the popup is about, kept for Stats: the panel must open from the click, with no query in between. */
let statsTab: TabRef | undefined;
void place.then((where) => {
  statsTab = where.statsTab;
});
/** The active tab's address and title, for the result card (the tab form has none). */
const page: Promise<PageInfo | null> = place.then((where) => where.page);

// The controller starts now, not in an effect after the first frame: an answer that arrives before
// that frame is drawn in it, rather than one frame later.
let follow: (model: PopupModel) => void = () => undefined;
const popup = createPopupController({ send: sendMessage, copy: copyText, mark, onChange: (model) => follow(model) });
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
    statsTab={() => statsTab} page={page} iconUrl={(url) => pageIconUrl(url, faviconBase)} />,
  document.getElementById('app') as HTMLElement,
);
