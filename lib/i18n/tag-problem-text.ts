/** A refused tag name in the user's words (lib/contract/tag-name.ts gives the rule). */
import { TAG_MAX_LENGTH, type TagProblem } from '../contract/tag-name';
import { t } from './catalogue';
import { formatCount } from './format';

export function tagProblemText(problem: TagProblem): string {
  switch (problem) {
    case 'empty':
      return t('tagsNameEmpty');
    case 'too-long':
      return t('tagsNameTooLong', formatCount(TAG_MAX_LENGTH));
    case 'control':
      return t('tagsNameControl');
  }
}
