/**
 * Cleaning a URL before it is shortened (issue 25): the tracking parameters
 * and redirect wrappers that tidy-url's maintained rule set knows are removed.
 * Campaign parameters (`utm_*`) are what a marketer adds on purpose, so they
 * are taken out of every rule before tidy-url sees a URL, and are never
 * removed. When the page stays the same, only the removed pairs leave the
 * query: every other byte of it is kept (tidy-url re-encodes what it keeps).
 * Runs in the background only: the rule set is ~40 KB, over the popup's budget.
 */
import { TidyCleaner } from 'tidy-url';
import { isCampaignKey } from './campaign-key';
import { queryPairs } from './query-pairs';

export interface CleanResult {
  /** The URL to shorten: the input itself when nothing was removed or cleaning failed. */
  url: string;
  /** The parameters removed, once each, in the order the URL had them. */
  removed: string[];
  /** The host of the redirect wrapper that was unwrapped (`www.facebook.com`), or null. */
  unwrappedFrom: string | null;
  /** Cleaning gave an empty or invalid URL: `url` is the input, shortened as it was. */
  failed: boolean;
}

let cleaner: TidyCleaner | null = null;

/** One cleaner per worker, its rules without campaign parameters (made on first use, not at start). */
function tidy(): TidyCleaner {
  if (cleaner !== null) return cleaner;
  const made = new TidyCleaner();
  // tidy-url's `silent: true` means "log"; false keeps the worker's console quiet.
  made.config.setMany({ silent: false, allowAMP: false, allowRedirects: true, allowCustomHandlers: true });
  made.rules = made.rules.map((rule) =>
    Array.isArray(rule.rules) ? { ...rule, rules: rule.rules.filter((key) => !isCampaignKey(key)) } : rule,
  );
  cleaner = made;
  return made;
}

function parsed(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

export function cleanUrl(input: string): CleanResult {
  const unchanged: CleanResult = { url: input, removed: [], unwrappedFrom: null, failed: false };
  const before = parsed(input);
  if (before === null) return unchanged;
  let out;
  try {
    out = tidy().clean(before.href);
  } catch {
    return { ...unchanged, failed: true };
  }
  const after = out.url.trim() === '' ? null : parsed(out.url);
  if (after === null) return { ...unchanged, failed: true };
  const removedKeys = new Set(out.info.removed.map((r) => r.key).filter((key) => !isCampaignKey(key)));

  const samePage = after.origin === before.origin && after.pathname === before.pathname;
  if (samePage) {
    if (removedKeys.size === 0) return unchanged;
    const kept: string[] = [];
    const removed: string[] = [];
    for (const pair of queryPairs(before.search)) {
      if (!removedKeys.has(pair.key)) kept.push(pair.raw);
      else if (!removed.includes(pair.key)) removed.push(pair.key);
    }
    if (removed.length === 0) return unchanged;
    const search = kept.length === 0 ? '' : `?${kept.join('&')}`;
    return { url: `${before.origin}${before.pathname}${search}${before.hash}`, removed, unwrappedFrom: null, failed: false };
  }
  // Another page: a redirect wrapper or an AMP copy, unwrapped; tidy-url has cleaned the page inside it too.
  return {
    url: after.href,
    removed: [...removedKeys],
    unwrappedFrom: after.hostname === before.hostname ? null : before.hostname,
    failed: false,
  };
}
