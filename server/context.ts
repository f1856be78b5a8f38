import type { ServerConfig } from './config';
import type { Database } from './db/sql';
import type { Logger } from './ops/logger';
import type { ServiceMetrics } from './ops/metrics';

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
}

/** Records clicks off the request's path: `record` never touches the disk. */
export interface ClickRecorder {
  record(visit: VisitInfo): void;
  /** Writes every buffered click now (tests, shutdown). */
  flush(): Promise<void>;
  /** Writes what is left and stops. */
  close(): Promise<void>;
  /** False when the writer thread it relies on has failed or not yet started (/readyz). */
  writerAlive?(): boolean;
  /** Counts for metrics; `waiting` = accepted - written - lost (buffered, in flight or kept for a retry). */
  stats?(): { accepted: number; written: number; lost: number; waiting: number; batchesInFlight: number };
}

/** Fetches destinationUrlMetaData in the background after a link is created. */
export interface MetadataFetcher {
  schedule(linkId: string, longUrl: string): void;
  /** Resolves when nothing is in flight (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
  /** Links waiting for a fetch, and fetches under way (metrics). */
  depth?(): { queued: number; running: number };
}

/** Checks that a custom domain's DNS points at the service. */
export interface DomainVerifier {
  verify(domain: { domain: string; isSubDomain: boolean; verifyToken: string }): Promise<{
    dnsConfigured: boolean;
    pingVerified: boolean;
    sslConfigured: boolean;
  }>;
}

/** The service's parts, built once at start-up and handed to every route. */
export interface AppContext {
  db: Database;
  config: ServerConfig;
  clicks: ClickRecorder;
  metadata: MetadataFetcher;
  dns: DomainVerifier;
  now(): Date;
  /** Set by close() before it stops anything, so /readyz turns 503 at once. */
  lifecycle?: { stopping: boolean };
  /** Prometheus counters; absent when an app is built without startServer (tests). */
  metrics?: ServiceMetrics;
  /** The service's logger; requests log through a child carrying their id (server/ops/request-log.ts). */
  log?: Logger;
  /** Makes request ids; shared by the app and the redirect fast path. */
  requestId?: () => string;
}
