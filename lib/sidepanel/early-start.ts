/**
 * The side panel's first reads, started by its first script
 * (entrypoints/sidepanel-start.ts), a small classic script the browser runs
 * as soon as it has it, while the page's modules are still loading: the
 * profile's scope, then the cached figures of the link the page was opened
 * on and what the device's link cache knows of it (its header). Those reads
 * are one storage round trip after another; started here, they overlap the
 * modules' load instead of following it. The page takes them, and the
 * reads themselves for later (./early-slot.ts); its controller's first asks
 * are answered with them (./first-reads.ts).
 *
 * It reads with the browser's own API object (lib/browser/native-api.ts)
 * and idb-keyval alone, so it stays small enough to run first.
 */
import { openAnalyticsCache, readCachedAnalytics, type CachedAnalytics } from '../storage/analytics-cache';
import type { LinkScope } from '../storage/keys';
import { readKnownLink } from './known-link';
import { linkIdParam } from './link-param';
import type { LinkView } from './panel-model';
import { FIGURES_READ_MARK, SCOPE_READ_MARK } from '../analytics-view/read-marks';
import { readScope } from './scope';

/** The reads behind the panel's first figures and header. */
export interface PanelReads {
  scope(): Promise<LinkScope | null>;
  /** Starts opening the figures' cache (its database), so the read after the scope's finds it open. */
  openCache(): void;
  cached(scope: LinkScope, linkId: string): Promise<CachedAnalytics | null>;
  known(scope: LinkScope, linkId: string): Promise<LinkView | null>;
}

export const PANEL_READS: PanelReads = {
  scope: readScope,
  openCache: openAnalyticsCache,
  cached: readCachedAnalytics,
  known: readKnownLink,
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
  readonly known: Promise<LinkView | null>;
  /** The reads themselves, for the page's later asks: its modules carry no second copy of them (idb-keyval among them). */
  readonly reads: PanelReads;
}

export function startPanel(search: string, reads: PanelReads = PANEL_READS): EarlyPanel {
  const linkId = linkIdParam(search);
  // The database opens while the scope is read.
  if (linkId !== null) reads.openCache();
  const scope = reads.scope();
  void scope.then(() => performance.mark(SCOPE_READ_MARK), () => undefined);
  const ofLink = <T>(read: (scope: LinkScope, linkId: string) => Promise<T>): Promise<T | null> =>
    linkId === null ? Promise.resolve(null) : scope.then((s) => (s === null ? null : read(s, linkId)));
  const known = ofLink(reads.known);
  // Both reads run at once; the figures wait only for the header's read to settle, whatever its outcome.
  const cached = Promise.all([ofLink(reads.cached), known.catch(() => null)]).then(([figures]) => figures);
  void cached.then(() => performance.mark(FIGURES_READ_MARK), () => undefined);
  const early: EarlyPanel = { linkId, scope, cached, known, reads };
  // A failure is met, and handled, where the page takes the read; none is left unhandled meanwhile.
  for (const read of [early.scope, early.cached, early.known]) read.catch(() => undefined);
  return early;
}
