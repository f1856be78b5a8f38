import { t } from '../../lib/i18n/catalogue';

interface Props {
  /** Free short URLs the service offered for a taken keyword (maybe none). */
  taken: string[];
  onChoose: (shortUrl: string) => void;
}

/** "That keyword is taken": the service's free alternatives, each one click away. */
export function KeywordSuggestions({ taken, onChoose }: Props) {
  return (
    <div role="alert">
      <p class="warn">{taken.length > 0 ? t('keywordTaken') : t('keywordTakenNone')}</p>
      <ul class="plain">
        {taken.map((url) => (
          <li key={url}>
            <button type="button" onClick={() => onChoose(url)} aria-label={t('useSuggestion', url)}>
              {url}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
