/** Why the menu or the shortcut sent nothing, in the user's words. */
import { t } from '../i18n/catalogue';
import { urlProblemText } from '../i18n/url-problem-text';
import type { QuickProblem } from './quick-target';

export function quickProblemText(problem: QuickProblem): string {
  switch (problem) {
    case 'selection-not-url':
      return t('menusSelectionNotUrl');
    case 'no-address':
      return t('menusNoAddress');
    default:
      return urlProblemText(problem);
  }
}
