/**
 * The popup's recent links as a page of its own (`recent.html`), framed by
 * the popup once its result is on screen (entrypoints/popup/app.tsx): the
 * list's code loads only then, and the popup's first load carries none of it,
 * not even a dynamic import's loader.
 */
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { RecentLinks } from '@/components/popup/recent-links';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage, type LinkView } from '@/lib/messaging/send-message';
import '@/components/shared/theme.css';
import './recent.css';

/**
 * Stats are opened by the popup, which knows its tab (entrypoints/popup/app.tsx):
 * the event reaches its listener on the frame element synchronously, still
 * inside this click, so the side panel opens within the user's gesture
 * (lib/browser/open-stats.ts).
 */
function showStats(link: LinkView): void {
  window.frameElement?.dispatchEvent(new CustomEvent('stats', { detail: link.linkId }));
}

function openSettings(): void {
  void browser.runtime.openOptionsPage();
  window.top?.close();
}

document.title = t('recentLinks');
document.documentElement.lang = browser.i18n.getUILanguage();
render(<RecentLinks send={sendMessage} onStats={showStats} onOpenSettings={openSettings} />, document.getElementById('app') as HTMLElement);
