/** A campaign value that cannot be written, in the user's words (lib/campaign/utm.ts, utmValueProblem). */
import { tidyValue, UTM_VALUE_MAX } from './utm';
import type { UtmProblem } from './campaign-choice';
import { t } from '../i18n/catalogue';
import { formatCount } from '../i18n/format';

export function utmProblemText(problem: UtmProblem, value: string): string {
  // Counted as the check counts: the trimmed value.
  return problem === 'too-long' ? t('campaignValueTooLong', formatCount(UTM_VALUE_MAX), formatCount(tidyValue(value).length)) : t('campaignValueControl');
}
