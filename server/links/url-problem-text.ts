import type { UrlProblem } from '../../lib/contract/url';

/** The service's words for a refused destination URL (the extension has its own, in its catalogue). */
export const URL_PROBLEM_TEXT: Record<UrlProblem, string> = {
  empty: 'the URL is empty',
  'too-long': 'the URL is longer than 2048 characters',
  invalid: 'this is not a valid URL',
  scheme: 'only http and https URLs can be shortened',
  'no-host': 'the URL has no host',
  credentials: 'URLs containing a user name or password cannot be shortened',
  'own-host': 'this is already a short link of this service',
};
