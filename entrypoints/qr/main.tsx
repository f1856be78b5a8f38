/**
 * A short link's QR code as a page of its own (`qr.html?url=<short link>`),
 * framed by the popup when asked for: the encoder and its component load only
 * then, and the popup's first load carries none of it (not even a dynamic
 * import's loader). The parameter is only ever encoded, never put in markup.
 */
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { QrCode } from '@/components/popup/qr-code';
import { t } from '@/lib/i18n/catalogue';
import '@/components/shared/theme.css';

document.title = t('qrPageTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
const shortUrl = new URLSearchParams(location.search).get('url') ?? '';
render(
  <>
    {/* Named for screen readers; sighted users see the code itself under the popup's QR button. */}
    <h1 class="visually-hidden">{t('qrPageTitle')}</h1>
    <QrCode shortUrl={shortUrl} />
  </>,
  document.getElementById('app') as HTMLElement,
);
