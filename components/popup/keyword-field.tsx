import { t } from '../../lib/i18n/catalogue';
import type { KeywordReason } from '../../lib/contract/keyword';
import { keywordProblemText } from '../../lib/i18n/keyword-problem-text';

interface Props {
  keyword: string;
  problem: KeywordReason | null;
  /** The link shown may keep its keyword (only its tags change): the field may stay empty. */
  optional: boolean;
  onInput: (keyword: string) => void;
}

/** A custom keyword, checked as it is typed by the same rules the service applies (lib/contract/keyword.ts). */
export function KeywordField({ keyword, problem, optional, onInput }: Props) {
  const text = problem === null ? null : keywordProblemText(problem, keyword);
  return (
    <div class="keyword-field">
      <label for="keyword-input">{t('keywordLabel')}</label>
      <input
        id="keyword-input"
        type="text"
        value={keyword}
        autoComplete="off"
        spellcheck={false}
        aria-invalid={text !== null}
        aria-describedby="keyword-help"
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      <p id="keyword-help" class={text ? 'error' : 'hint'} aria-live="polite">
        {text ?? (optional ? `${t('keywordHint')} ${t('tagsKeywordOptional')}` : t('keywordHint'))}
      </p>
    </div>
  );
}
