/**
 * Redirects per second on PostgreSQL with one instance and with two instances
 * of the service on the same database, beside a bare node:http 302 (the
 * targets of redirect-target.ts, each in its own process; autocannon here).
 * Rounds alternate bare / one / two, ROUNDS times, and the medians are
 * reported with the server CPU per request, which load from elsewhere on the
 * machine moves least. At the end every click answered must be in the shared
 * rollups exactly once. No budget: it reports where the time goes.
 */
import autocannon from 'autocannon';
import { openDatabase } from '../../server/db/open';
import { startCluster } from '../postgres/cluster';
import { freshDatabase, makeTemplate } from '../postgres/databases';
import { BROWSER_USER_AGENT } from './browser-headers';
import { cpuOf, startTarget, stopTarget, type Target } from './redirect-targets';
import { percentile } from './stats';

const ROUNDS = 5;
const ROUND_SECONDS = 2;
const CONNECTIONS = 10;
async function measure(targets: Target[]): Promise<{ rps: number; cpuPerRequest: number; redirects: number }> {
  const before = await Promise.all(targets.map(cpuOf));
  const results = await Promise.all(
    targets.map((t) => autocannon({ url: t.url, connections: CONNECTIONS, duration: ROUND_SECONDS, headers: { 'user-agent': BROWSER_USER_AGENT } })),
  );
  const after = await Promise.all(targets.map(cpuOf));
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const redirects = results.reduce((sum, r) => sum + (r['3xx'] ?? 0), 0);
  const cpu = after.reduce((sum, v, i) => sum + v - (before[i] ?? 0), 0);
  return { rps: requests / ROUND_SECONDS, cpuPerRequest: cpu / Math.max(1, requests), redirects };
}

const cluster = await startCluster();
await makeTemplate(cluster.adminUrl);
const database = await freshDatabase(cluster.adminUrl);
const env = { ...process.env, BENCH_DB_URL: database.url };
const bare = await startTarget('bare', env);
const a = await startTarget('service', env);
const b = await startTarget('service', env);

const rounds: Record<'bare' | 'one' | 'two', { rps: number; cpuPerRequest: number }[]> = { bare: [], one: [], two: [] };
let redirects = 0;
for (let i = 0; i < ROUNDS; i += 1) {
  rounds.bare.push(await measure([bare]));
  const one = await measure([a]);
  const two = await measure([a, b]);
  redirects += one.redirects + two.redirects;
  rounds.one.push(one);
  rounds.two.push(two);
}
for (const t of [a, b, bare]) await stopTarget(t);
const db = await openDatabase(database.url);
const stored = (await db.get<{ n: number }>("SELECT total_clicks AS n FROM links WHERE id = 'bench-link'"))?.n ?? 0;
await db.close();
await cluster.stop();

const median = (key: keyof typeof rounds, field: 'rps' | 'cpuPerRequest') => percentile(rounds[key].map((r) => r[field]), 50);
const row = (label: string, key: keyof typeof rounds) =>
  `| ${label} | ${Math.round(median(key, 'rps')).toLocaleString('en')} | ${(median(key, 'rps') / median('bare', 'rps')).toFixed(2)} | ${median(key, 'cpuPerRequest').toFixed(1)} µs |`;

process.stdout.write(`## Redirects on PostgreSQL, one and two instances

Two instances of the service (redirect-target.ts, each its own process with its
own pool, cache and click writer) on one database of a throwaway
${cluster.label} cluster, ${CONNECTIONS} autocannon connections per target, ${ROUNDS} rounds of
${ROUND_SECONDS} s alternating bare / one / two; medians. Ratio: requests/s over
the bare node:http 302's.

| target | requests/s | ratio to bare | server CPU per request |
|---|---:|---:|---:|
${row('bare node:http', 'bare')}
${row('one instance', 'one')}
${row('two instances (sum)', 'two')}

Clicks in the shared rollups: ${stored.toLocaleString('en')} for ${redirects.toLocaleString('en')} redirects answered (plus warm-up)${stored >= redirects ? '' : ' — CLICKS LOST'}.
`);
if (stored < redirects) process.exit(1);
