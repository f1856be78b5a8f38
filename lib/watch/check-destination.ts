/**
 * One destination's check: HEAD, then GET when HEAD is refused (405, 501);
 * redirects followed up to 10 hops; each request given 10 seconds; no body
 * ever read (its stream is cancelled once the status is known, so a 10 GB
 * answer costs its headers). A local or private host is never requested.
 *
 * Redirects are followed hop by hop where the Location header can be read
 * (`redirect: 'manual'`), so each hop's host is judged before it is asked.
 * A browser hides that header (an "opaque redirect"): there the browser
 * follows the chain itself (its own limit is 20), and only where it ended is
 * seen; a chain that never ends is a network error after the first hop's
 * redirect, which is what "looping" means there.
 */
import { isLocalHost } from './local-host';
import { judgeAnswer, type CheckOutcome } from './watch-outcome';

export const MAX_HOPS = 10;
export const CHECK_TIMEOUT_MS = 10_000;

export interface CheckDeps {
  fetch: typeof fetch;
  /** A signal that aborts after `ms` (AbortSignal.timeout in production; tests pass a controllable one). */
  timeout?: (ms: number) => AbortSignal;
}

type Step = { kind: 'answer'; status: number; url: URL } | { kind: 'redirect'; to: URL } | { kind: 'opaque' } | { kind: 'error'; timeout: boolean };

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Drops the body unread: the status is all a check needs. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

async function request(url: URL, method: 'HEAD' | 'GET', redirect: RequestRedirect, deps: CheckDeps): Promise<Response> {
  const signal = (deps.timeout ?? ((ms) => AbortSignal.timeout(ms)))(CHECK_TIMEOUT_MS);
  // No credentials: the check is what a visitor without this browser's cookies would get.
  return deps.fetch(url.href, { method, redirect, signal, credentials: 'omit', cache: 'no-store' });
}

/** HEAD, and GET when the site refuses HEAD. */
async function ask(url: URL, redirect: RequestRedirect, deps: CheckDeps): Promise<Response> {
  const head = await request(url, 'HEAD', redirect, deps);
  if (head.status !== 405 && head.status !== 501) return head;
  discard(head);
  return request(url, 'GET', redirect, deps);
}

async function step(url: URL, deps: CheckDeps): Promise<Step> {
  try {
    const response = await ask(url, 'manual', deps);
    discard(response);
    if (response.type === 'opaqueredirect') return { kind: 'opaque' };
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      try {
        return { kind: 'redirect', to: new URL(location, url) };
      } catch {
        return { kind: 'answer', status: response.status, url };
      }
    }
    return { kind: 'answer', status: response.status, url };
  } catch (error) {
    return { kind: 'error', timeout: isTimeout(error) };
  }
}

/** The browser follows the chain: where it ended, or why it did not. */
async function followByBrowser(url: URL, start: URL, deps: CheckDeps): Promise<CheckOutcome> {
  try {
    const response = await ask(url, 'follow', deps);
    discard(response);
    const final = response.url === '' ? url : new URL(response.url);
    if (isLocalHost(final.hostname)) return { state: 'not-checked', reason: { kind: 'local-address' } };
    return judgeAnswer(start, final, response.status);
  } catch (error) {
    if (isTimeout(error)) return { state: 'failing', reason: { kind: 'timeout' } };
    // The first hop answered with a redirect, and following it failed: the browser's redirect limit, as a rule.
    return { state: 'looping', reason: { kind: 'too-many-redirects' } };
  }
}

export async function checkDestination(destination: string, deps: CheckDeps): Promise<CheckOutcome> {
  let start: URL;
  try {
    start = new URL(destination);
  } catch {
    return { state: 'not-checked', reason: { kind: 'not-web' } };
  }
  if (start.protocol !== 'http:' && start.protocol !== 'https:') return { state: 'not-checked', reason: { kind: 'not-web' } };
  const seen = new Set<string>();
  let current = start;
  for (let hop = 0; hop <= MAX_HOPS; hop += 1) {
    if (isLocalHost(current.hostname)) return { state: 'not-checked', reason: { kind: 'local-address' } };
    if (seen.has(current.href)) return { state: 'looping', reason: { kind: 'redirect-loop' } };
    seen.add(current.href);
    const result = await step(current, deps);
    switch (result.kind) {
      case 'answer':
        return judgeAnswer(start, result.url, result.status);
      case 'error':
        return { state: 'failing', reason: result.timeout ? { kind: 'timeout' } : { kind: 'unreachable' } };
      case 'opaque':
        return followByBrowser(current, start, deps);
      case 'redirect':
        current = result.to;
        break;
    }
  }
  return { state: 'looping', reason: { kind: 'too-many-redirects' } };
}
