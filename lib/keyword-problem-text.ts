/** A refused custom keyword in the user's words: lib/api/keyword.ts gives the code (its English message is the service's). */
import type { KeywordProblem } from './api/keyword';
import { t } from './i18n';

export function keywordProblemText(problem: KeywordProblem, keyword: string): string {
  const texts: Record<KeywordProblem, () => string> = {
    INVALID_KEYWORD: () => t('keywordInvalid'),
    RESERVED_KEYWORD: () => t('keywordReserved', keyword),
  };
  return texts[problem]();
}
