import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';

interface Props {
  shortUrl: string;
  /** The panel's element id; one per code on the page (the recent list shows one per row). */
  panelId?: string;
}

/**
 * "QR code" for a short link: shows qr.html (entrypoints/qr/) in a frame. The
 * code's encoder loads only when asked for, in that page, so the popup's
 * first load carries none of it.
 */
export function QrToggle({ shortUrl, panelId = 'qr-panel' }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div class="qr-toggle">
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {open ? t('qrHide') : t('qrShow')}
      </button>
      <div id={panelId} hidden={!open}>
        {open && <iframe class="qr-frame" src={`qr.html?url=${encodeURIComponent(shortUrl)}`} title={t('qrCodeOf', shortUrl)} />}
      </div>
    </div>
  );
}
