import type { ClickRecorder } from './clicks/recorder-port';
import type { ServerConfig } from './config';
import type { Database } from './db/sql';
import type { DomainVerifier } from './domains/verifier-port';
import type { MetadataFetcher } from './metadata/fetcher-port';
import type { Logger } from './ops/logger';
import type { ServiceMetrics } from './ops/metrics';

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
