/**
 * The active tab's own link, for a side panel opened without `?linkId=`: the
 * tab is one of this profile's short links, or its address was shortened
 * from this profile (the link cache, lib/storage/links.ts, knows both). Reading other
 * tabs' addresses needs the `tabs` permission; it is optional (wxt.config.ts)
 * and asked for from a button in the panel, so nobody grants it unasked.
 */
import { browser } from '../browser/native-api';
import type { LinkCache, LinkScope } from '../storage/links';
import type { TabLinks } from './controller';
import { checkDestinationUrl } from '../contract/url';

const TABS = { permissions: ['tabs' as const] };

/** Short links compare without a trailing slash: `https://s.test/abc/` is `https://s.test/abc`. */
const bare = (url: string) => url.replace(/\/+$/, '');

export function createTabLinks(deps: {
  cache: Pick<LinkCache, 'lookup' | 'recent'>;
  scope: () => Promise<LinkScope | null>;
}): TabLinks {
  return {
    async access() {
      // Firefox and Chrome both know `tabs` as an optional permission; a browser without tabs.query cannot follow.
      if (browser.tabs?.query === undefined || browser.permissions === undefined) return 'unsupported';
      return (await browser.permissions.contains(TABS)) ? 'granted' : 'not-granted';
    },
    request: () => browser.permissions.request(TABS),
    async current() {
      const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
      const url = tab?.url;
      const scope = await deps.scope();
      // A page that could never have been shortened (browser pages, file:, …) is no short link
      // either (those are http(s) too): no cache read, which in the panel means no cache loaded.
      if (url === undefined || scope === null || !checkDestinationUrl(url).ok) return null;
      const byLong = await deps.cache.lookup(scope, url);
      if (byLong !== null) return byLong.linkId;
      const recent = await deps.cache.recent(scope);
      return recent.find((l) => bare(l.shortUrl) === bare(url))?.linkId ?? null;
    },
    watch(onChange) {
      const onActivated = () => onChange();
      const onUpdated = (_id: number, info: { url?: string }, tab: { active?: boolean }) => {
        if (info.url !== undefined && tab.active) onChange();
      };
      browser.tabs.onActivated.addListener(onActivated);
      browser.tabs.onUpdated.addListener(onUpdated);
      return () => {
        browser.tabs.onActivated.removeListener(onActivated);
        browser.tabs.onUpdated.removeListener(onUpdated);
      };
    },
  };
}
