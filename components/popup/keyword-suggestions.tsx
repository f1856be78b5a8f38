import { t } from '../../lib/i18n/catalogue';
import { shortLinkParts } from '../../lib/popup/address-text';

interface Props {
  /** Free short URLs the service offered for a taken keyword. */
  taken: string[];
  onChoose: (shortUrl: string) => void;
}

/** The service's free alternatives to a taken keyword, each one click away; each is shown by its keyword, named in full. */
export function KeywordSuggestions({ taken, onChoose }: Props) {
  return (
    <ul class="suggested-keywords" aria-label={t('keywordSuggestions')}>
      {taken.map((url) => (
        <li key={url}>
          <button type="button" class="small" onClick={() => onChoose(url)} aria-label={t('useSuggestion', url)} title={url}>
            {shortLinkParts(url).keyword || url}
          </button>
        </li>
      ))}
    </ul>
  );
}
