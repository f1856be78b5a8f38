/** A refused custom keyword in the user's words: lib/api/keyword.ts gives the rule it breaks (its English message is the service's). */
import { KEYWORD_MAX_LENGTH, keywordProblem, type KeywordReason } from './api/keyword';
import { t } from './i18n';

export function keywordProblemText(reason: KeywordReason, keyword: string): string {
  const texts: Record<KeywordReason, () => string> = {
    empty: () => t('tagsKeywordEmpty'),
    'too-long': () => t('tagsKeywordTooLong', KEYWORD_MAX_LENGTH, [...keyword].length),
    spaces: () => t('tagsKeywordSpaces'),
    slash: () => t('tagsKeywordSlash'),
    'non-ascii': () => t('tagsKeywordNonAscii'),
    characters: () => t('keywordInvalid'),
    reserved: () => t('keywordReserved', keyword),
  };
  return texts[reason]();
}

/** Why a typed keyword cannot be used, in words; null when it can (or nothing is typed yet). */
export function typedKeywordProblem(keyword: string): string | null {
  if (keyword === '') return null;
  const problem = keywordProblem(keyword);
  return problem === null ? null : keywordProblemText(problem.reason, keyword);
}
