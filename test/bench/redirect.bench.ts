/**
 * Redirect throughput and latency as operators run the service: autocannon on
 * loopback against the built artefact (`npm run build:server`, then
 * `node dist/server/cli.js serve` with its default options, artefact-target.ts)
 * and, in the same run, against a bare node:http server answering the same
 * 302. Each server runs in its own process; autocannon runs here and sends
 * what a desktop Chrome sends on following a link from another site (its
 * User-Agent, client hints, accept headers and a referrer: browser-headers.ts),
 * so every visit goes through the bot check, on by default, and counts as a
 * click (a visit taken for a bot's would not, and the bench would fail on
 * its count of clicks recorded). The two are measured in alternating rounds
 * (each pair in turn order, bare first then service first, so a load trend
 * does not always favour one side), long enough that the click writer thread works through several of its
 * 1 s flushes in each (its steady state), and the ratio is the median over
 * the back-to-back pairs, so that load from elsewhere on the machine (two
 * cores, shared) falls on both alike. Every pair is listed. The server CPU
 * time per request is reported too: it does not depend on who else is running.
 * Budget: service requests/s ≥ 0.75 × bare requests/s. Exits 1 when missed,
 * or when the service failed to record every click it answered.
 * BENCH_CONNECTIONS=n changes the connection count (default 10),
 * BENCH_ROUND_SECONDS=s the round length (default 5), BENCH_ROUNDS=n the number of pairs (default 8).
 */
import autocannon from 'autocannon';
import { clusterLabel } from '../postgres/cluster';
import { BENCH_LAUNCH, buildArtefact, processCpu, startService, stopService } from './artefact-target';
import { BROWSER_HEADERS } from './browser-headers';
import { startTarget, stopTarget } from './redirect-targets';
import { percentile } from './stats';

const RATIO_BUDGET = 0.75;
/**
 * The budget is the embedded database's (one machine, the default). On PostgreSQL (BENCH_DB=postgres)
 * the figure is reported against the same bare server but not held to it: the database server runs
 * on the same two cores and spends them on the click upserts, time a real deployment spends on
 * another machine (docs/scaling.md).
 */
const ON_POSTGRES = process.env.BENCH_DB === 'postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
interface Round {
  /** Server CPU time used during the round, in microseconds. */
  cpu: number;
  requests: number;
  seconds: number;
  p99: number;
  redirects: number;
  errors: number;
}

async function measure(target: { url: string; pid: number }, seconds: number): Promise<Round> {
  const cpuBefore = processCpu(target.pid);
  const result = await autocannon({ url: target.url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS });
  return {
    cpu: processCpu(target.pid) - cpuBefore,
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    redirects: result['3xx'],
    errors: result.errors + result.timeouts + result['4xx'] + result['5xx'],
  };
}

if (BENCH_LAUNCH === 'built') buildArtefact();
const serviceProcess = await startService();
const bareTarget = await startTarget('bare');
const service = { url: serviceProcess.url, pid: serviceProcess.child.pid ?? 0 };
const bare = { url: bareTarget.url, pid: bareTarget.child.pid ?? 0 };
// Warm both (JIT, SQLite page cache, the writer thread's first flushes) before measuring.
await measure(service, WARM_UP_SECONDS);
await measure(bare, WARM_UP_SECONDS);

const rounds: { service: Round[]; bare: Round[] } = { service: [], bare: [] };
for (let i = 0; i < ROUNDS; i += 1) {
  if (i % 2 === 0) {
    rounds.bare.push(await measure(bare, ROUND_SECONDS));
    rounds.service.push(await measure(service, ROUND_SECONDS));
  } else {
    rounds.service.push(await measure(service, ROUND_SECONDS));
    rounds.bare.push(await measure(bare, ROUND_SECONDS));
  }
}
await stopTarget(bareTarget);
const recorded = { clicks: await stopService(serviceProcess) };

const rate = (r: Round[]) => r.reduce((s, x) => s + x.requests, 0) / r.reduce((s, x) => s + x.seconds, 0);
/** Server CPU per answered request: what each costs, whatever else the machine is doing. */
const cpuPerRequest = (r: Round[]) => r.reduce((s, x) => s + x.cpu, 0) / r.reduce((s, x) => s + x.requests, 0);
const worstP99 = (r: Round[]) => Math.max(...r.map((x) => x.p99));
const serviceRate = rate(rounds.service);
const bareRate = rate(rounds.bare);
// Each service round is compared with the bare round next to it (same load on the machine);
// the median of those ratios is what a load spike elsewhere moves least.
const pairRatios = rounds.service.map((round, i) => round.requests / round.seconds / rate([rounds.bare[i] as Round]));
const ratio = percentile(pairRatios, 50);
const answered = [...rounds.service].reduce((s, x) => s + x.redirects, 0);
const errors = [...rounds.service, ...rounds.bare].reduce((s, x) => s + x.errors, 0);
// Warm-up requests were recorded too, so at least every measured redirect must be counted.
const allRecorded = recorded.clicks >= answered;
const ok = (ON_POSTGRES || ratio >= RATIO_BUDGET) && errors === 0 && allRecorded;

process.stdout.write(`## Redirect

autocannon on loopback, ${CONNECTIONS} connections sending a desktop Chrome's request headers (User-Agent,
client hints, accept headers, a cross-site referrer), ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per
target after a ${WARM_UP_SECONDS} s warm-up; each server in its own process. "Service" is the
${BENCH_LAUNCH === 'built' ? 'built artefact, `node dist/server/cli.js serve` with its default options (log level info)' : 'sources run with tsx, `npx tsx server/cli.ts serve` with its default options (log level info)'}
(${ON_POSTGRES ? `${clusterLabel()}, a throwaway cluster on this machine` : 'SQLite file'}; found links answered by its
node:http fast path before Hono; the (domain, keyword) lookup, cached until the
link changes; the bot check on each visit's User-Agent, on by default and cached per string, taking these
for a person's; every click recorded, written by ${ON_POSTGRES ? 'batched upserts' : "the recorder's writer thread"});
"bare" is node:http answering the same 302 with nothing else. p99 is the worse
round's; CPU per request counts all of the server process's threads.

| target | requests/s | p99 latency | server CPU per request |
|---|---:|---:|---:|
| service | ${Math.round(serviceRate).toLocaleString('en')} | ${worstP99(rounds.service)} ms | ${cpuPerRequest(rounds.service).toFixed(1)} µs |
| bare node:http | ${Math.round(bareRate).toLocaleString('en')} | ${worstP99(rounds.bare)} ms | ${cpuPerRequest(rounds.bare).toFixed(1)} µs |

| pair | bare requests/s | service requests/s | ratio |
|---:|---:|---:|---:|
${pairRatios.map((r, i) => `| ${i + 1} | ${Math.round(rate([rounds.bare[i] as Round])).toLocaleString('en')} | ${Math.round(rate([rounds.service[i] as Round])).toLocaleString('en')} | ${r.toFixed(2)} |`).join('\n')}

Ratio service / bare, median of the ${ROUNDS} back-to-back round pairs: **${ratio.toFixed(2)}** (${ON_POSTGRES ? `reported only: the database shares the cores; SQLite's budget is ≥ ${RATIO_BUDGET}` : `budget ≥ ${RATIO_BUDGET}`};
pairs ranged ${Math.min(...pairRatios).toFixed(2)} to ${Math.max(...pairRatios).toFixed(2)}; ratio of the totals ${(serviceRate / bareRate).toFixed(2)}). Errors: ${errors}.
Server CPU per request, bare / service: ${(cpuPerRequest(rounds.bare) / cpuPerRequest(rounds.service)).toFixed(2)} (what the
throughput ratio tends to when both have the cores to themselves; load from elsewhere moves it least).
Clicks recorded by the service: ${recorded.clicks.toLocaleString('en')} for ${answered.toLocaleString('en')} measured redirects (plus warm-up).

Result: ${ok ? (ON_POSTGRES ? 'every click recorded, no errors' : 'within budget') : '**budget missed**'}.
`);
process.exit(ok ? 0 : 1);
