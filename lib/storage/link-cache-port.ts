/**
 * What the link cache (./links.ts) offers its users: the background writes
 * through it, pages read through it. Kept apart from its implementation.
 */
import type { Link } from '../contract/schemas';
import type { LinkScope } from './keys';
import type { CachedLink } from './link-shape';

/**
 * A scope, or one still being read (e.g. from settings): a write given a
 * pending scope is still queued at once, so reads issued after it wait for it.
 */
export type ScopeSource = LinkScope | Promise<LinkScope>;

export interface LinkCache {
  /** The link made earlier for this URL, or null. One storage read. */
  lookup(scope: LinkScope, longUrl: string): Promise<CachedLink | null>;
  /** Records a link just made (or changed, e.g. its tags). */
  remember(scope: ScopeSource, link: CachedLink): Promise<void>;
  /**
   * Records links from `listLinks`. With `newestPage` (cursor 0, newest first),
   * links the cache holds within that page's time span but the page lacks were
   * deleted or deactivated elsewhere, and are dropped.
   */
  rememberLinks(scope: LinkScope, list: readonly Link[], opts?: { newestPage?: boolean }): Promise<void>;
  /**
   * Files `link` under another URL too: the page's own address when what was
   * shortened is that address cleaned or with campaign values (issue 25), so
   * the popup's fast path finds it by the tab's URL without loading the
   * rules (lib/popup/local.ts).
   */
  rememberAlias(scope: ScopeSource, url: string, link: CachedLink): Promise<void>;
  /** Drops every alias: the cleaning setting or a site rule changed, so a page's address may now make another URL. */
  forgetAliases(scope: LinkScope): Promise<void>;
  /** Drops a link, e.g. after the user deleted it. */
  forget(scope: ScopeSource, linkId: string): Promise<void>;
  recent(scope: LinkScope): Promise<CachedLink[]>;
  /** Every link the scope's record holds (cached and recent), once each; for lookups by another key than the URL. */
  known(scope: LinkScope, opts?: KnownOptions): Promise<CachedLink[]>;
  watchRecent(scope: LinkScope, cb: (recent: CachedLink[]) => void): () => void;
  clear(scope: LinkScope): Promise<void>;
}

export interface KnownOptions {
  /**
   * false: what the cache holds now, without asking for the changes waiting
   * for their write to be written at once. For a reader that runs after every
   * write anyway (the "Show stats" menu's patterns): asking would make each
   * write bring the next one forward, and the gap between writes would never
   * hold (a drain wrote ~3 times as often, test/bench/queue-drain).
   */
  waitForWrites?: boolean;
}
