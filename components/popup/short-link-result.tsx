import { t } from '../../lib/i18n/catalogue';
import type { LinkView } from '../../lib/messaging/send-message';

import type { CopyState } from '../../lib/popup/controller';
import { QrToggle } from './qr-toggle';

interface Props {
  link: LinkView;
  fromCache: boolean;
  copyState: CopyState;
  onCopy: () => void;
  /** Opens the link's stats; absent where there is no panel to open. */
  onStats?: () => void;
}

/** The short link as selectable text, a Copy button, where it points, and its QR code on demand. */
export function ShortLinkResult({ link, fromCache, copyState, onCopy, onStats }: Props) {
  return (
    <section>
      <label id="short-link-label" for="short-link">{t('shortLinkLabel')}</label>
      <div class="row">
        <input
          id="short-link"
          type="text"
          readOnly
          value={link.shortUrl}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" class="primary" onClick={onCopy} aria-describedby="copy-state">
          {copyState === 'copied' ? t('copied') : t('copy')}
        </button>
        {onStats && (
          <button type="button" onClick={onStats} aria-label={t('statsFor', link.shortUrl)}>
            {t('statsButton')}
          </button>
        )}
      </div>
      <p id="copy-state" role="status" class={copyState === 'failed' ? 'warn' : 'ok'}>
        {copyState === 'copied' ? t('copiedToClipboard') : copyState === 'failed' ? t('copyFailed') : ''}
      </p>
      <p class="muted url">{t('longUrlFor', link.longUrl)}</p>
      {fromCache && <p class="muted">{t('fromCache')}</p>}
      <QrToggle shortUrl={link.shortUrl} />
    </section>
  );
}
