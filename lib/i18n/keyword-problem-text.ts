/** A refused custom keyword in the user's words: lib/contract/keyword.ts gives the rule it breaks (its English message is the service's). */
import { KEYWORD_MAX_LENGTH, type KeywordReason } from '../contract/keyword';
import { t } from './catalogue';
import { formatCount } from './format';

export function keywordProblemText(reason: KeywordReason, keyword: string): string {
  const texts: Record<KeywordReason, () => string> = {
    empty: () => t('tagsKeywordEmpty'),
    'too-long': () => t('tagsKeywordTooLong', formatCount(KEYWORD_MAX_LENGTH), formatCount([...keyword].length)),
    spaces: () => t('tagsKeywordSpaces'),
    slash: () => t('tagsKeywordSlash'),
    'non-ascii': () => t('tagsKeywordNonAscii'),
    characters: () => t('keywordInvalid'),
    reserved: () => t('keywordReserved', keyword),
  };
  return texts[reason]();
}

