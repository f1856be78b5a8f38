/**
 * The popup's profile switcher, a page of its own (`switch.html`) that the
 * popup navigates to when asked: none of it is in the popup's first load, so
 * a one-click shorten never waits for it. Once a profile is chosen it goes
 * back to the page it came from (the popup, with its own query such as
 * `?url=`), which then shows that profile's links.
 */
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { ProfileSwitcher } from '@/components/popup/profile-switcher';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import { applyThemeHint } from '@/lib/browser/theme';
import '@/components/shared/theme.css';
import '@/components/popup/popup.css';

applyThemeHint();
document.title = t('profilesSwitcherOpen');
document.documentElement.lang = browser.i18n.getUILanguage();
// The referrer is the popup's own address; only extension pages link here.
const from = document.referrer.startsWith(location.origin) ? document.referrer : 'popup.html';
const back = () => location.replace(from);
render(<ProfileSwitcher send={sendMessage} onDone={back} />, document.getElementById('app') as HTMLElement);
