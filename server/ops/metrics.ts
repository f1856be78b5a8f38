import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ClickRecorder } from '../clicks/recorder-port';
import type { MetadataFetcher, MetadataOutcome } from '../metadata/fetcher-port';
import { LatencyHistogram } from './latency-histogram';

export type RedirectOutcome = 'found' | 'upgrade' | 'not_found';

/** The service's Prometheus metrics, in a registry of their own (several services can run in one test process). */
export interface ServiceMetrics {
  readonly registry: Registry;
  /** The whole exposition text: the registry's and the redirect histogram's. */
  text(): Promise<string>;
  /** A redirect answered; `startedAt` is performance.now() when the request came in. */
  redirect(outcome: RedirectOutcome, startedAt: number): void;
  /** A redirected visit by a known bot, counted apart from clicks (server/redirect/capture-click.ts). */
  botVisit(): void;
  /** An API request answered; `route` is the route's pattern, never the path (ids would explode the label set). */
  api(route: string, method: string, status: number, startedAt: number): void;
  metadata(outcome: MetadataOutcome): void;
  /** Where the click and metadata figures are read from at each scrape. */
  watch(parts: { clicks: ClickRecorder; metadata: MetadataFetcher }): void;
}

/** Redirects take tens of microseconds; API requests up to seconds. */
const REDIRECT_BUCKETS = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.01, 0.05];
const API_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  let parts: { clicks: ClickRecorder; metadata: MetadataFetcher } | undefined;
  const clickStats = () => parts?.clicks.stats?.();

  // The redirect path only adds to plain numbers; prom-client reads them at each scrape
  // (its inc() and observe() cost 0.2 and 1.5 µs a call, against about 20 µs for a whole redirect).
  const byOutcome: Record<RedirectOutcome, number> = { found: 0, upgrade: 0, not_found: 0 };
  let botVisits = 0;
  new Counter({
    name: 'shortlink_redirects_total', help: 'Short-link requests answered, by outcome.', labelNames: ['outcome'], registers,
    collect() {
      this.reset();
      for (const [outcome, count] of Object.entries(byOutcome)) this.inc({ outcome }, count);
    },
  });
  new Counter({
    name: 'shortlink_bot_visits_total',
    help: 'Short-link visits by known bots, crawlers and link-preview fetchers: redirected, kept out of the clicks (none with --count-bots).',
    registers,
    collect() {
      this.reset();
      this.inc(botVisits);
    },
  });
  const redirectSeconds = new LatencyHistogram(
    'shortlink_redirect_duration_seconds', 'Time to answer a found short link, in the server.', REDIRECT_BUCKETS,
  );
  const apiRequests = new Counter({
    name: 'shortlink_api_requests_total', help: 'API requests answered, by route pattern, method and status.', labelNames: ['route', 'method', 'status'], registers,
  });
  const apiSeconds = new Histogram({
    name: 'shortlink_api_request_duration_seconds', help: 'Time to answer an API request, by route pattern and method.',
    labelNames: ['route', 'method'], buckets: API_BUCKETS, registers,
  });
  const metadataFetches = new Counter({
    name: 'shortlink_metadata_fetches_total', help: 'Destination page fetches for link previews, by outcome.', labelNames: ['outcome'], registers,
  });

  new Counter({
    name: 'shortlink_clicks_recorded_total', help: 'Clicks written to the database (clicks of links deleted meanwhile included).', registers,
    collect() {
      this.reset();
      this.inc(clickStats()?.written ?? 0);
    },
  });
  new Counter({
    name: 'shortlink_clicks_lost_total', help: 'Clicks dropped because writes kept failing, or not written at shutdown.', registers,
    collect() {
      this.reset();
      this.inc(clickStats()?.lost ?? 0);
    },
  });
  new Gauge({
    name: 'shortlink_clicks_waiting', help: 'Clicks answered and not yet written: buffered, on their way to the writer thread, or kept for a retry.', registers,
    collect() {
      this.set(clickStats()?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'shortlink_click_batches_in_flight', help: 'Click batches handed to the writer thread and not yet handled.', registers,
    collect() {
      this.set(clickStats()?.batchesInFlight ?? 0);
    },
  });
  new Gauge({
    name: 'shortlink_metadata_queue', help: 'Link preview fetches, by state: queued or running.', labelNames: ['state'], registers,
    collect() {
      const depth = parts?.metadata.depth?.() ?? { queued: 0, running: 0 };
      this.set({ state: 'queued' }, depth.queued);
      this.set({ state: 'running' }, depth.running);
    },
  });

  return {
    registry,
    async text() {
      return `${await registry.metrics()}\n${redirectSeconds.text()}`;
    },
    redirect(outcome, startedAt) {
      byOutcome[outcome] += 1;
      if (outcome === 'found') redirectSeconds.observe((performance.now() - startedAt) / 1000);
    },
    botVisit() {
      botVisits += 1;
    },
    api(route, method, status, startedAt) {
      apiRequests.inc({ route, method, status: String(status) });
      apiSeconds.observe({ route, method }, (performance.now() - startedAt) / 1000);
    },
    metadata(outcome) {
      metadataFetches.inc({ outcome });
    },
    watch(watched) {
      parts = watched;
    },
  };
}
