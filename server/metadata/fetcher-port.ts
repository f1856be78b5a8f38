/** stored: metadata found and saved; empty: the page had none; failed, timeout; aborted: shutdown; dropped: queue full. */
export type MetadataOutcome = 'stored' | 'empty' | 'failed' | 'timeout' | 'aborted' | 'dropped';

/**
 * Fetches destinationUrlMetaData in the background after a link is created
 * (fetcher.ts). Imports nothing, so the context and the metrics can name it
 * without depending on the fetcher.
 */
export interface MetadataFetcher {
  schedule(linkId: string, longUrl: string): void;
  /** Resolves when nothing is in flight (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
  /** Links waiting for a fetch, and fetches under way (metrics). */
  depth?(): { queued: number; running: number };
}
