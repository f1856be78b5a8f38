/**
 * What one visit to a short link tells the click recorder: the raw header
 * strings, as sent (server/redirect/capture-click.ts reads them). Parsing and
 * cleaning wait for the write, off the request's path.
 */
export interface VisitInfo {
  linkId: string;
  /** Epoch milliseconds of the visit. */
  at: number;
  userAgent: string;
  referrer: string;
  /** Values of the configured trusted geo headers; null when not configured or not sent. */
  country: string | null;
  state: string | null;
  city: string | null;
  /**
   * A known bot, crawler or link-preview fetcher (bot-check.ts): stored with
   * its flag and counted apart, never as a click. Absent: a person.
   */
  bot?: boolean;
}

/**
 * Records clicks off the request's path: `record` never touches the disk.
 * Implemented per database (recorder-sqlite.ts, recorder-postgres.ts); this
 * file imports nothing, so the context, the metrics and both recorders can
 * depend on it without depending on each other.
 */
export interface ClickRecorder {
  record(visit: VisitInfo): void;
  /** Writes every buffered click now (tests, shutdown). */
  flush(): Promise<void>;
  /** Writes what is left and stops. */
  close(): Promise<void>;
  /** False when the writer thread it relies on has failed or not yet started (/readyz). */
  writerAlive?(): boolean;
  /**
   * A raw-click pruning pass now (`--click-retention`; tests and the bench): waits for a pass
   * already under way, then deletes what is older than the cutoff of `nowMs`.
   */
  prune?(nowMs?: number): Promise<PruneResult>;
  /** Counts for metrics; `waiting` = accepted - written - lost (buffered, in flight or kept for a retry). */
  stats?(): { accepted: number; written: number; lost: number; waiting: number; batchesInFlight: number };
}

/** What a pruning pass did (server/clicks/prune-schedule.ts). */
export interface PruneResult {
  /** False when nothing was due (retention 0 with nothing to move, the cutoff already reached, another instance's pass). */
  ran: boolean;
  /** Raw clicks before this epoch ms were pruned. */
  cutoffMs: number;
  deleted: number;
  /** Raw clicks of the old shape moved to compact rows (legacy-clicks.ts). */
  moved: number;
  /** Batches (short transactions) that deleted or moved something. */
  batches: number;
  ms: number;
}
