/**
 * The offline queue's drain: 1,000 links shortened while the service was out
 * of reach (the popup's `shorten` message, each answered "queued"), then the
 * service comes back with no `online` event, and the clock runs until the
 * service has stored every one. Chromium with the built extension against
 * the real service (the e2e harness), the user's default preferences (copy
 * and notify when a queued link is made).
 *
 * Scenarios, each on a fresh service and browser:
 * - the service's creation rate limit above the batch (`--create-rate-limit`);
 * - the same, with the proxy in front answering 429 (`Retry-After: 0`) to one
 *   request in ten;
 * - the default rate limit (600 per minute per token): a full bucket lets 600
 *   through at once and refills 10 a second, so the limit itself allows the
 *   batch no sooner than (N - 600) / 10 s; reported beside it.
 * Beside them, the service's own creation rate on the same machine: N POST
 * /api/link from Node, 6 at a time (the queue's cap), each with its own key.
 *
 * Budget (the queue's drain issue): N = 1,000 made within 15 s of the
 * service's return in the first two scenarios, and no link made twice in
 * any. The per-item cost table counts the worker's awaited browser calls
 * during the first scenario's drain (./worker-costs.ts).
 * QUEUE_DRAIN_ITEMS, QUEUE_DRAIN_CAP_S (give up after; default 180) and
 * QUEUE_DRAIN_ONLY (scenarios whose key contains it) change the run.
 */
import { startHarness } from '../e2e/fixture';
import { addMessagePage, linksMade, openMessagePage, shortenAll, waitingCount } from '../e2e/queue-load';
import { serviceCreateRate } from './service-rate';
import { costRows, instrument, readCosts, type WorkerCosts } from './worker-costs';

const N = Number(process.env.QUEUE_DRAIN_ITEMS ?? 1000);
const CAP_MS = Number(process.env.QUEUE_DRAIN_CAP_S ?? 180) * 1000;
const ONLY = process.env.QUEUE_DRAIN_ONLY ?? '';
const BUDGET_MS = 15_000;
/** The outage goes on this long after the last link was queued: the queue's retries meet a dead service meanwhile. */
const OUTAGE_AFTER_MS = 5_000;
const DEFAULT_LIMIT = 600;

interface Scenario {
  key: string;
  label: string;
  limit: number;
  refuseEvery: number;
  budget: boolean;
}

const SCENARIOS: Scenario[] = [
  { key: 'above', label: 'rate limit above the batch', limit: 1_000_000, refuseEvery: 0, budget: true },
  { key: '429', label: '429 (Retry-After: 0) on one request in ten', limit: 1_000_000, refuseEvery: 10, budget: true },
  { key: 'default', label: `default rate limit (${DEFAULT_LIMIT} per minute per token)`, limit: DEFAULT_LIMIT, refuseEvery: 0, budget: false },
];

interface Result {
  scenario: Scenario;
  firstMs: number;
  doneMs: number | null;
  made: number;
  /** Made within the budget's 15 s. */
  inBudget: number;
  duplicates: number;
  refused: number;
  emptyMs: number | null;
  costs: WorkerCosts;
  /** Links made when the costs were read: what they are divided by. */
  costItems: number;
  ownRate: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(scenario: Scenario): Promise<Result> {
  const h = await startHarness({ createRateLimitPerMinute: scenario.limit, prepareExtension: addMessagePage });
  try {
    await h.connect();
    const page = await openMessagePage(h);
    const prefix = `${h.site.url}/drain-`;
    h.setServiceDown(true);
    const queuing = performance.now();
    await shortenAll(page, Array.from({ length: N }, (_, i) => `${prefix}${i}`));
    process.stderr.write(`${scenario.key}: ${N} queued in ${((performance.now() - queuing) / 1000).toFixed(1)} s\n`);
    while ((await waitingCount(page)) < N) await sleep(100);
    await sleep(OUTAGE_AFTER_MS);

    const worker = await h.worker();
    await instrument(worker);
    if (scenario.refuseEvery > 0) h.refuseEvery(scenario.refuseEvery, '0');
    const back = performance.now();
    h.setServiceDown(false);
    let firstMs = Number.NaN;
    let doneMs: number | null = null;
    let made = { total: 0, distinct: 0 };
    let inBudget = 0;
    while (performance.now() - back < CAP_MS) {
      made = await linksMade(h, prefix);
      const at = performance.now() - back;
      if (at <= BUDGET_MS) inBudget = made.distinct;
      if (made.total > 0 && Number.isNaN(firstMs)) firstMs = at;
      if (made.distinct >= N) {
        doneMs = at;
        break;
      }
      await sleep(50);
    }
    let emptyMs: number | null = null;
    while (doneMs !== null && performance.now() - back < doneMs + 20_000) {
      if ((await waitingCount(page)) === 0) {
        emptyMs = performance.now() - back;
        break;
      }
      await sleep(100);
    }
    const costs = await readCosts(worker).catch(() => ({}));
    const costItems = (await linksMade(h, prefix)).distinct;
    const refused = h.refused();
    h.refuseEvery(0);
    const ownRate = scenario.key === 'above' ? await serviceCreateRate(h, N, 6) : null;
    made = await linksMade(h, prefix);
    await page.close();
    return { scenario, firstMs, doneMs, made: made.distinct, inBudget, duplicates: made.total - made.distinct, refused, emptyMs, costs, costItems, ownRate };
  } finally {
    await h.close();
  }
}

const s = (ms: number | null) => (ms === null || Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(1)} s`);

const results: Result[] = [];
for (const scenario of SCENARIOS.filter((sc) => sc.key.includes(ONLY))) {
  const result = await run(scenario);
  process.stderr.write(`${scenario.key}: first ${s(result.firstMs)}, all ${s(result.doneMs)}, made ${result.made}, duplicates ${result.duplicates}\n`);
  results.push(result);
}

const limitFloorMs = (Math.max(0, N - DEFAULT_LIMIT) / (DEFAULT_LIMIT / 60)) * 1000;
const missed = results.filter((r) => r.duplicates > 0 || r.made < N || (r.scenario.budget && (r.doneMs === null || r.doneMs > BUDGET_MS)));
const rows = results.map((r) => {
  const rate = r.doneMs === null ? '—' : (N / (r.doneMs / 1000)).toFixed(1);
  const drain = r.doneMs === null ? '—' : (N / ((r.doneMs - r.firstMs) / 1000)).toFixed(1);
  const budget = r.scenario.budget ? `≤ ${s(BUDGET_MS)}` : `limit allows ${s(limitFloorMs)}`;
  return `| ${r.scenario.label} | ${s(r.firstMs)} | ${s(r.doneMs)} | ${budget} | ${rate} | ${drain} | ${r.inBudget} | ${r.made} | ${r.duplicates} | ${r.refused} | ${s(r.emptyMs)} |`;
});
const own = results.find((r) => r.ownRate !== null)?.ownRate;
const above = results.find((r) => r.scenario.key === 'above');
const out = [
  '## Offline queue drain',
  '',
  `${N} links queued while the service was out of reach (${s(OUTAGE_AFTER_MS)} more of outage after the last), then the service returns ` +
    'with no `online` event; times are from its return. Chromium with the built extension, the real service (SQLite) behind the counting proxy, ' +
    'default preferences (copy and notify on a queued link).',
  '',
  '| Scenario | first link | all made | budget | items/s (from return) | items/s (first to last) | made in 15 s | made | made twice | 429s by the proxy | queue empty |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  own === undefined || own === null ? '' : `The service's own creation rate here: ${own.toFixed(0)} links/s (${N} POST /api/link from Node, 6 at a time, a key each).`,
  ...(above && Object.keys(above.costs).length > 0
    ? [
        '',
        `What the worker awaited during the first scenario's drain, per link made (${above.costItems}; calls that overlap are each counted whole):`,
        '',
        '| Call | calls | per item | ms | ms per item | size |',
        '|---|---:|---:|---:|---:|---|',
        ...costRows(above.costs, Math.max(1, above.costItems)),
      ]
    : []),
];
process.stdout.write(`${out.join('\n')}\n`);
if (missed.length > 0) process.stderr.write(`queue-drain.bench: budget missed in ${missed.map((r) => r.scenario.key).join(', ')}\n`);
process.exit(missed.length > 0 ? 1 : 0);
