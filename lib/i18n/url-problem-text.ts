/** A refused URL in the user's words: the catalogue message for each rule of lib/contract/url.ts. */
import { t, type MessageKey } from './catalogue';
import type { UrlProblem } from '../contract/url';

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
