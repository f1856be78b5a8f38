import { ChartColumn, Check, Copy, Ellipsis, Pencil, QrCode } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { LinkView } from '../../lib/messaging/send-message';
import type { CopyState } from '../../lib/popup/popup-view';
import { Button } from '../shared/button';
import { IconButton } from '../shared/icon-button';
import { MenuButton, type MenuItem } from '../shared/menu-button';
import { PageSummary } from './page-summary';
import { ShortLinkText } from './short-link-text';

interface Props {
  link: LinkView;
  /** The page's title, when the browser gave it (the active tab's). */
  title: string | null;
  iconUrl: string | null;
  /** How the last copy of this link went; null once "Copied" has faded. */
  copied: CopyState | null;
  onCopy: () => void;
  onStats: () => void;
  qrOpen: boolean;
  onQr: () => void;
  customiseOpen: boolean;
  onCustomise: () => void;
  /** The "More" menu's items (Share where the browser can). */
  more: readonly MenuItem[];
}

/** The popup's lead: which page, its short link whole and large, one Copy, and the link's other actions as icons. */
export function ResultCard(props: Props) {
  const { link, copied } = props;
  return (
    <section class="card result" aria-labelledby="short-link-label">
      <h2 id="short-link-label" class="visually-hidden">
        {t('shortLinkLabel')}
      </h2>
      <PageSummary url={link.longUrl} title={props.title} iconUrl={props.iconUrl} />
      <ShortLinkText id="short-link" shortUrl={link.shortUrl} />
      <div class="result-actions">
        <Button variant="primary" size="large" icon={copied === 'copied' ? Check : Copy} class={copied === 'copied' ? 'grow copied' : 'grow'} onClick={props.onCopy}>
          {copied === 'copied' ? t('copied') : t('copy')}
        </Button>
        <IconButton icon={QrCode} label={t('qrShow')} aria-expanded={props.qrOpen} aria-controls={props.qrOpen ? 'result-qr' : undefined} onClick={props.onQr} />
        <IconButton icon={ChartColumn} label={t('statsFor', link.shortUrl)} onClick={props.onStats} />
        <IconButton icon={Pencil} label={t('customise')} aria-expanded={props.customiseOpen} aria-controls={props.customiseOpen ? 'customise-panel' : undefined} onClick={props.onCustomise} />
        <MenuButton icon={Ellipsis} label={t('popupMore')} items={props.more} />
      </div>
      {/* Announced, not drawn: the button itself says "Copied". A failure stays, since the user must copy by hand. */}
      <p role="status" class={copied === 'failed' ? 'result-note warn' : 'visually-hidden'}>
        {copied === 'copied' ? t('copiedToClipboard') : copied === 'failed' ? t('copyFailed') : ''}
      </p>
    </section>
  );
}
