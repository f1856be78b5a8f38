/**
 * The browser's own extension API: Firefox's `browser`, Chrome's `chrome`,
 * both answering with promises in Manifest V3.
 *
 * The first load of the popup (and its first script) and of the side panel
 * use it instead of `wxt/browser`: the polyfill behind that is 3 KB gzip, a
 * sixth of the popup's first-load budget, spent wrapping in promises what
 * MV3 already returns as promises. Everything loaded later, and the background (whose
 * message listeners answer by returning a promise, which the polyfill
 * makes work in Chrome), keeps the polyfill. Typed as the polyfill's API,
 * which both browsers' objects match for every call made through this one.
 */
import type { browser as polyfilled } from 'wxt/browser';

export type ExtensionApi = typeof polyfilled;

export function nativeApi(scope: object = globalThis): ExtensionApi {
  const own = scope as { browser?: ExtensionApi; chrome?: ExtensionApi };
  const api = own.browser ?? own.chrome;
  if (api === undefined) throw new Error('No extension API in this page');
  return api;
}

export const browser = nativeApi();
