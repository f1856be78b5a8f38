/** A refused tag name in the user's words (lib/contract/tag-name.ts and lib/tags/typed-tag.ts give the rules). */
import { TAG_MAX_LENGTH } from '../contract/tag-name';
import type { TypedTagProblem } from '../tags/typed-tag';
import { t } from './catalogue';
import { formatCount } from './format';

export function tagProblemText(problem: TypedTagProblem): string {
  switch (problem) {
    case 'empty':
      return t('tagsNameEmpty');
    case 'too-long':
      return t('tagsNameTooLong', formatCount(TAG_MAX_LENGTH));
    case 'control':
      return t('tagsNameControl');
    case 'hidden':
      return t('tagsNameHidden');
  }
}
