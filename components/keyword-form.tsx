import { useState } from 'preact/hooks';
import { keywordProblem } from '../lib/api/keyword';
import { t } from '../lib/i18n';
import { keywordProblemText } from '../lib/keyword-problem-text';

interface Props {
  busy: boolean;
  /** Free alternatives after the service said the keyword is taken; null: not taken. */
  taken: string[] | null;
  onSubmit: (keyword: string) => void;
  onChoose: (shortUrl: string) => void;
}

function problemText(keyword: string): string | null {
  const problem = keywordProblem(keyword);
  return problem === null ? null : keywordProblemText(problem.code, keyword);
}

/** A custom keyword, checked as it is typed by the same rules the service applies. */
export function KeywordForm({ busy, taken, onSubmit, onChoose }: Props) {
  const [keyword, setKeyword] = useState('');
  const problem = keyword === '' ? null : problemText(keyword);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (keyword !== '' && problem === null) onSubmit(keyword);
      }}
    >
      <label for="keyword-input">{t('keywordLabel')}</label>
      <div class="row">
        <input
          id="keyword-input"
          type="text"
          value={keyword}
          autoComplete="off"
          spellcheck={false}
          aria-invalid={problem !== null}
          aria-describedby="keyword-help"
          onInput={(e) => setKeyword(e.currentTarget.value)}
        />
        <button type="submit" disabled={busy || keyword === '' || problem !== null}>
          {t('createCustom')}
        </button>
      </div>
      <p id="keyword-help" class={problem ? 'error' : 'hint'} aria-live="polite">
        {problem ?? t('keywordHint')}
      </p>
      {taken && (
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
      )}
    </form>
  );
}
