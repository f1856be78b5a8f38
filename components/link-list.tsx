import { t } from '../lib/i18n';
import type { LinkView } from '../lib/messages';

interface Props {
  links: LinkView[];
  /** Present where a link can be copied (popup); absent where it can only be read. */
  onCopy?: (link: LinkView) => void;
  /** The link whose Copy button last copied, to say so on that button. */
  copiedId?: string | null;
  /** Present where a link's stats can be opened (popup). */
  onStats?: (link: LinkView) => void;
}

/** Links as text: the service's data is never rendered as markup. */
export function LinkList({ links, onCopy, copiedId, onStats }: Props) {
  if (links.length === 0) return <p class="muted">{t('noRecentLinks')}</p>;
  return (
    <ul class="plain">
      {links.map((link) => (
        <li key={link.linkId}>
          <div class="row">
            <span class="url grow">{link.shortUrl}</span>
            {onCopy && (
              <button type="button" onClick={() => onCopy(link)} aria-label={t('copyRecent', link.shortUrl)}>
                {copiedId === link.linkId ? t('copied') : t('copy')}
              </button>
            )}
            {onStats && (
              <button type="button" onClick={() => onStats(link)} aria-label={t('statsFor', link.shortUrl)}>
                {t('statsButton')}
              </button>
            )}
          </div>
          <div class="muted url">{link.longUrl}</div>
        </li>
      ))}
    </ul>
  );
}
