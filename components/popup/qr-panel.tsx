import { X } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { IconButton } from '../shared/icon-button';
import { QrCode } from './qr-code';

export interface QrPanelProps {
  id: string;
  shortUrl: string;
  /** The page's icon where the browser gives one, offered as the code's logo. */
  iconUrl?: string | null;
  onClose: () => void;
}

/** A short link's QR code in place, under what it belongs to; loaded with its encoder on first use (components/popup/lazy-parts.tsx). */
export function QrPanel({ id, shortUrl, iconUrl = null, onClose }: QrPanelProps) {
  return (
    <div id={id} class="qr-panel">
      <IconButton icon={X} label={t('qrHide')} size="small" class="qr-close" onClick={onClose} />
      <QrCode id={id} shortUrl={shortUrl} iconUrl={iconUrl} />
    </div>
  );
}
