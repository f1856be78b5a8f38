/** A refused URL in the user's words: the catalogue message for each rule of lib/url.ts. */
import { t, type MessageKey } from './i18n';
import type { UrlProblem } from './url';

const KEYS: Record<UrlProblem, MessageKey> = {
  empty: 'urlProblemEmpty',
  'too-long': 'urlProblemTooLong',
  invalid: 'urlProblemInvalid',
  scheme: 'urlProblemScheme',
  'no-host': 'urlProblemNoHost',
  credentials: 'urlProblemCredentials',
  'own-host': 'urlProblemOwnHost',
};

export function urlProblemText(problem: UrlProblem): string {
  return t('invalidUrl', t(KEYS[problem]));
}
