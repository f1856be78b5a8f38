/**
 * Link creation throughput: autocannon on loopback sends POST /api/link
 * (HASH keywords, each request a new destination) to the real service
 * (startServer in its own process, see create-target.ts), once without and
 * once with an Idempotency-Key (a new UUID per request, so every request is
 * a first answer stored in the same transaction as its link).
 * No budget in docs/design.md; exits 1 only if a request failed or the links
 * stored do not match the 200 answers (autocannon stops counting at the end of
 * each run, so up to one in-flight request per connection per run is stored
 * without being counted).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { clusterLabel } from '../postgres/cluster';

const SECONDS = 8;
const CONNECTIONS = 10;
const TARGET = fileURLToPath(new URL('./create-target.ts', import.meta.url));

const child = spawn(process.execPath, ['--import', 'tsx', TARGET], { stdio: ['ignore', 'pipe', 'pipe'] });
child.stderr.pipe(process.stderr);
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const first = await lines.next();
if (first.done) throw new Error('the service exited before listening');
const { url, token } = JSON.parse(first.value) as { url: string; token: string };

interface Row {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

let counter = 0;
async function measure(label: string, withKey: boolean, seconds: number): Promise<Row> {
  const result = await autocannon({
    url: `${url}/api/link`,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          counter += 1;
          const body = JSON.stringify({ workspaceId: 'bench', keywordType: 'HASH', longUrl: `http://10.1.2.3/page/${counter}` });
          const headers = { ...request.headers, ...(withKey ? { 'idempotency-key': randomUUID() } : {}) };
          return { ...request, body, headers };
        },
      },
    ],
  });
  return {
    label,
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

// Warm-up (JIT, SQLite page cache), counted in the stored links below.
const warm = await measure('warm-up', false, 1);
const rows = [await measure('POST /link, no Idempotency-Key', false, SECONDS), await measure('POST /link, a new Idempotency-Key each', true, SECONDS)];

child.kill('SIGTERM');
const last = await lines.next();
const stored = last.done ? Number.NaN : (JSON.parse(last.value) as { links: number }).links;
const answered = warm.ok + rows.reduce((sum, r) => sum + r.ok, 0);

const out = [
  '## Link creation',
  '',
  `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, loopback; the service (startServer, ${process.env.BENCH_DB === 'postgres' ? `${clusterLabel()}, a throwaway local cluster` : 'SQLite in a temp folder, WAL'}) runs in its own process. ` +
    'Each request creates a HASH link to a new destination; the metadata fetcher refuses the private destinations before any network I/O.',
  '',
  '| Request | links/s | p50 latency | p99 latency | 200 answers | failed |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.ok} | ${r.failed} |`),
  '',
  `Links stored: ${stored} for ${answered} counted answers of 200 (warm-up included; requests still in flight when a run ends are stored but not counted).`,
];
process.stdout.write(`${out.join('\n')}\n`);

const uncounted = stored - answered;
const failed = rows.some((r) => r.failed > 0) || !(uncounted >= 0 && uncounted <= CONNECTIONS * (rows.length + 1));
if (failed) process.stderr.write('create.bench: failed requests, or stored links differ from 200 answers\n');
process.exit(failed ? 1 : 0);
