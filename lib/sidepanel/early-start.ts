/**
 * The side panel's first reads, started by its first script
 * (entrypoints/sidepanel-start.ts), a small classic script the browser runs
 * as soon as it has it, while the page's modules are still loading: the
 * profile's scope, the cached figures of the link the page was opened on
 * and what the device's link cache knows of it (its header). Started here,
 * they overlap the modules' load instead of following it; and the figures and
 * header are read under the scope the panel last opened with
 * (./scope-hint.ts) while the stored one is read, so they need not wait for
 * it (one storage read, with the header's record, and one IndexedDB read, at
 * once, rather than one after the other). The page takes them, and the
 * reads themselves for later (./early-slot.ts); its controller's first asks
 * are answered with them (./first-reads.ts).
 *
 * It reads with the browser's own API object (lib/browser/native-api.ts)
 * and idb-keyval alone, so it stays small enough to run first.
 */
import { openAnalyticsCache, readCachedAnalytics, type CachedAnalytics } from '../storage/analytics-cache';
import type { LinkScope } from '../storage/keys';
import { findInRecord, linkRecordName, readKnownLink } from './known-link';
import { linkIdParam } from './link-param';
import type { LinkFacts } from './panel-model';
import { readScope, readScopeWith } from './scope';
import { keepScopeHint, readScopeHint, sameScope } from './scope-hint';

/** The reads behind the panel's first figures and header. */
export interface PanelReads {
  scope(): Promise<LinkScope | null>;
  /** Starts opening the figures' cache (its database), so the read after the scope's finds it open. */
  openCache(): void;
  cached(scope: LinkScope, linkId: string): Promise<CachedAnalytics | null>;
  known(scope: LinkScope, linkId: string): Promise<LinkFacts | null>;
}

/** What the first reads use besides: the stored scope with other keys in one round trip, and the scope last opened with. */
export interface FirstOpenReads extends PanelReads {
  /** The scope, with other storage.local keys in the same round trip (./scope.ts). */
  scopeWith(keys: readonly string[]): Promise<{ scope: LinkScope | null; got: Record<string, unknown> }>;
  /** The scope the panel last opened with, and its keeping (./scope-hint.ts). */
  lastScope(): LinkScope | null;
  keepScope(scope: LinkScope | null): void;
}

export const PANEL_READS: FirstOpenReads = {
  scope: readScope,
  openCache: openAnalyticsCache,
  cached: readCachedAnalytics,
  known: readKnownLink,
  scopeWith: readScopeWith,
  lastScope: readScopeHint,
  keepScope: keepScopeHint,
};

/** What the first script started; every promise may reject (the page asks again then). */
export interface EarlyPanel {
  /** The page's `?linkId=`, or null (the panel follows the active tab). */
  readonly linkId: string | null;
  readonly scope: Promise<LinkScope | null>;
  /**
   * The cached figures of `linkId`: null when none are cached, no link is
   * named or no profile is set up. Settled only once `known` has: the first
   * frame that shows the figures names their link too, so the header does
   * not grow above the overview a moment later.
   */
  readonly cached: Promise<CachedAnalytics | null>;
  /** `linkId` as the device's link cache has it, or null. */
  readonly known: Promise<LinkFacts | null>;
  /** The reads themselves, for the page's later asks: its modules carry no second copy of them (idb-keyval among them). */
  readonly reads: PanelReads;
}

export function startPanel(search: string, reads: FirstOpenReads = PANEL_READS): EarlyPanel {
  const linkId = linkIdParam(search);
  if (linkId === null) {
    const scope = reads.scope();
    const none = Promise.resolve(null);
    scope.catch(() => undefined);
    return { linkId, scope, cached: none, known: none, reads };
  }
  // The database opens while the scope is read.
  reads.openCache();
  const guess = reads.lastScope();
  // The stored scope and, under the guessed one, the link's record: one round trip.
  const first = reads.scopeWith(guess === null ? [] : [linkRecordName(guess)]);
  const scope = first.then((read) => read.scope);
  // The guessed scope's figures, read at once; handed over only if the stored scope is that one.
  const guessed = guess === null ? null : reads.cached(guess, linkId);
  guessed?.catch(() => undefined);
  const known = first.then(({ scope: s, got }) =>
    s === null ? null : sameScope(s, guess) ? findInRecord(got[linkRecordName(s)], linkId) : reads.known(s, linkId),
  );
  const figures = scope.then((s) => (s === null ? null : guessed !== null && sameScope(s, guess) ? guessed : reads.cached(s, linkId)));
  // Both reads run at once; the figures wait only for the header's read to settle, whatever its outcome.
  const cached = Promise.all([figures, known.catch(() => null)]).then(([found]) => found);
  void scope.then((s) => sameScope(s, guess) || reads.keepScope(s)).catch(() => undefined);
  const early: EarlyPanel = { linkId, scope, cached, known, reads };
  // A failure is met, and handled, where the page takes the read; none is left unhandled meanwhile.
  for (const read of [early.scope, early.cached, early.known]) read.catch(() => undefined);
  return early;
}
