/** Settings both databases' click recorders take (recorder-sqlite.ts, recorder-postgres.ts). */
export interface ClickRecorderOptions {
  /** How often buffered clicks are written. */
  flushIntervalMs?: number;
  /** Clicks per transaction; a full buffer is flushed early. */
  maxBatch?: number;
  /** Clicks held while writes fail; beyond it the oldest are dropped (and their exact count logged). */
  maxBuffered?: number;
  /** Longest wait between retries of a failed write; the wait starts at flushIntervalMs and doubles. */
  retryMaxMs?: number;
  /**
   * Caps the writer thread's connection at this many database pages (PRAGMA
   * max_page_count), so a write beyond it fails as on a full disk: tests use
   * it to fill the data directory and free it again.
   */
  writerMaxPageCount?: number;
  /**
   * Where flushes run. 'worker' (the default for a database file) writes with
   * a second connection in a writer thread, so a flush never stalls the
   * redirects; 'main' writes in this thread (always for ':memory:', which a
   * second connection cannot open).
   */
  thread?: 'worker' | 'main';
  /** Raw clicks older than this many days (to the UTC day) are pruned in the background; 0 or absent keeps them forever. */
  retentionDays?: number;
  /** Raw clicks per pruning batch, and the pause between batches. */
  pruneBatch?: number;
  prunePauseMs?: number;
  /** When the first pruning pass runs after start (then hourly). */
  pruneFirstDelayMs?: number;
  log?: (message: string) => void;
  /** Called when the writer thread is up (tests). */
  onWriterReady?: () => void;
}
