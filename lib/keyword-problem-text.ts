/** A refused custom keyword in the user's words: lib/api/keyword.ts gives the rule it breaks (its English message is the service's). */
import { KEYWORD_MAX_LENGTH, type KeywordReason } from './api/keyword';
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

