/**
 * The reads the panel's controller asks for (lib/sidepanel/controller.ts:
 * the cache, the known link, the service's host), answered first from what
 * the page's first script started (./early-start.ts): the first ask for the
 * page's own link takes the early read; any later one (a refresh of the
 * page's state, another link chosen and this one again) reads afresh, as the
 * background may have written since.
 */
import type { CachedAnalytics } from '../storage/analytics-cache';
import type { LinkScope } from '../storage/keys';
import type { EarlyPanel } from './early-start';
import type { LinkView } from './panel-model';
import { hostOf } from './panel-status';

export interface FirstReads {
  /**
   * The profile's scope, read once for the page's life: the cache, the
   * header's lookup, the host and the tab all need it, and a profile switch
   * reloads the page, so one read serves them all. A failed read is asked
   * again next time.
   */
  scope(): Promise<LinkScope | null>;
  /** The profile's scope as stored now, read again: to tell a profile switch from a token saved again (./scope.ts, watchScope). */
  scopeAfresh(): Promise<LinkScope | null>;
  readCache(linkId: string): Promise<CachedAnalytics | null>;
  knownLink(linkId: string): Promise<LinkView | null>;
  serviceHost(): Promise<string | null>;
}

export function firstReads(early: EarlyPanel): FirstReads {
  const { reads } = early;
  let scopeRead: Promise<LinkScope | null> | null = early.scope;
  const forget = (read: Promise<LinkScope | null>) => {
    read.catch(() => {
      if (scopeRead === read) scopeRead = null;
    });
    return read;
  };
  forget(early.scope);
  const scope = () => (scopeRead ??= forget(reads.scope()));

  /** The early read for the page's own link, once; afterwards (or for another link) `fresh`. */
  const onceThen = <T>(taken: Promise<T | null>, fresh: (s: LinkScope, linkId: string) => Promise<T | null>, first: () => void = () => undefined) => {
    let left = early.linkId !== null;
    return async (linkId: string): Promise<T | null> => {
      if (left && linkId === early.linkId) {
        left = false;
        return taken;
      }
      first();
      const s = await scope();
      return s === null ? null : fresh(s, linkId);
    };
  };

  return {
    scope,
    scopeAfresh: reads.scope,
    // The database opens while the scope is read.
    readCache: onceThen(early.cached, reads.cached, reads.openCache),
    knownLink: onceThen(early.known, reads.known),
    async serviceHost() {
      const s = await scope();
      return s === null ? null : hostOf(s.baseUrl);
    },
  };
}
