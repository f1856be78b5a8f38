/**
 * What a destination check found, and how its final answer is judged. The
 * states are the ones the user sees: fine; moved (it ends on another site, or
 * on a login page); gone (404, 410); failing (5xx, no answer, timeout);
 * looping (redirects without end); not checked (a local or private address,
 * never requested).
 */

export const WATCH_STATES = ['fine', 'moved', 'gone', 'failing', 'looping', 'not-checked'] as const;
export type WatchState = (typeof WATCH_STATES)[number];

/** Why a check ended as it did, in the terms the words are made from (lib/watch/watch-text.ts). */
export type WatchReason =
  | { kind: 'answered'; status: number }
  | { kind: 'other-site'; host: string }
  | { kind: 'login'; host: string }
  | { kind: 'unreachable' }
  | { kind: 'timeout' }
  | { kind: 'too-many-redirects' }
  | { kind: 'redirect-loop' }
  | { kind: 'local-address' }
  | { kind: 'not-web' };

export interface CheckOutcome {
  state: WatchState;
  reason: WatchReason;
}

/** Hosts equal once a leading "www." is set aside: example.com moving to www.example.com is the same site. */
export function sameSite(a: string, b: string): boolean {
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return bare(a) === bare(b);
}

const LOGIN_PATH = /(^|[/_.-])(log-?in|sign-?in|auth|sso|session|accounts?)([/_.-]|$)/i;
const LOGIN_HOST = /^(login|signin|auth|sso|accounts?|id)\./i;

/** A URL that is a login page by its address: where a page that now needs an account sends its visitors. */
export function isLoginUrl(url: URL): boolean {
  return LOGIN_HOST.test(url.hostname) || LOGIN_PATH.test(url.pathname);
}

/**
 * The state of a check that got an answer: `start` the destination,
 * `final` where its redirects ended (the same when there were none).
 */
export function judgeAnswer(start: URL, final: URL, status: number): CheckOutcome {
  if (status === 404 || status === 410) return { state: 'gone', reason: { kind: 'answered', status } };
  if (status >= 500) return { state: 'failing', reason: { kind: 'answered', status } };
  const redirected = final.href !== start.href;
  // A login page is "moved" whether or not it is on the same site: the page itself is no longer what visitors see.
  if (redirected && isLoginUrl(final) && !isLoginUrl(start)) return { state: 'moved', reason: { kind: 'login', host: final.hostname } };
  if (!sameSite(start.hostname, final.hostname)) return { state: 'moved', reason: { kind: 'other-site', host: final.hostname } };
  // 401, 403, 429 and other 4xx: the site answered; many refuse robots and still serve people.
  return { state: 'fine', reason: { kind: 'answered', status } };
}
