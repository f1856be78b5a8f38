/**
 * The popup's domain picker as a page of its own (`domain-picker.html`),
 * framed in the customise panel when it is opened, like the QR code: its code
 * (and the list it asks for) load only then, and the popup's first load
 * carries none of it (a dynamic import would bring Vite's preload helper,
 * 0.5 KB gzip). Each choice is handed to the popup (lib/domains/picked-domain.ts).
 */
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { DomainPicker } from '@/components/domain-picker';
import { pickDomain } from '@/lib/domains/picked-domain';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages';
import '@/components/theme.css';

document.title = t('domainsPickerPageTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
render(<DomainPicker send={sendMessage} onChange={(domain) => pickDomain(window, domain)} />, document.getElementById('app') as HTMLElement);
