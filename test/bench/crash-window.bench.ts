/**
 * Crash window: how many clicks already answered with a 302 a process crash
 * loses. The service runs as `npm run server -- serve` would (a child
 * process, a SQLite file in WAL mode, the click recorder and its writer
 * thread); redirects are sent at a steady pace for a few seconds, each
 * checked to be a 302, then the process is killed with SIGKILL right after
 * the last answer, started again on the same data, and the link's recorded
 * clicks are read through the API. Lost = answered - recorded.
 *
 * Clicks wait in memory for at most one flush interval (`--click-flush-ms`)
 * before their transaction commits, so the loss is about the traffic of the
 * last interval. Committed transactions survive the crash (WAL); what
 * synchronous=NORMAL does not promise is power loss (docs/service.md).
 * This measures, it has no budget. CRASH_SECONDS (default 3) and
 * CRASH_TRIALS (default 3) change the run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BROWSER_USER_AGENT } from './browser-headers';
import { percentile } from './stats';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const SECONDS = Number(process.env.CRASH_SECONDS ?? 3);
const TRIALS = Number(process.env.CRASH_TRIALS ?? 3);
const CONNECTIONS = 4;
const INTERVALS = [1000, 250, 50];
/** Paced runs: a steady rate well below capacity, as a service usually sees. Flat-out runs: as fast as answered. */
const PACED_PER_SECOND = Number(process.env.CRASH_RATE ?? 200);
const WORKSPACE = 'crash-bench';

interface Serving {
  child: ChildProcess;
  origin: string;
}

async function serve(dataDir: string, flushMs: number): Promise<Serving> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--data', dataDir, '--click-flush-ms', String(flushMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  const origin = /(http:\/\/\S+)\/api/.exec(String(first.value))?.[1];
  if (!origin) throw new Error(`serve did not start: ${String(first.value)}`);
  return { child, origin };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

function visit(agent: Agent, origin: string): Promise<number> {
  const url = new URL('/crash', origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, agent, headers: { 'user-agent': BROWSER_USER_AGENT } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Trial {
  flushMs: number;
  answered: number;
  recorded: number;
  perSecond: number;
}

async function trial(flushMs: number, pace: number | null): Promise<Trial> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-crash-'));
  try {
    const made = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'token', '--workspace', WORKSPACE, '--data', dataDir], { encoding: 'utf8' });
    const token = made.stdout.trim().split('\n').at(-1) ?? '';
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

    const first = await serve(dataDir, flushMs);
    const link = await fetch(`${first.origin}/api/link`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ workspaceId: WORKSPACE, keywordType: 'CUSTOM', keyword: 'crash', longUrl: 'https://example.com/' }),
    });
    if (link.status !== 200) throw new Error(`link not created: ${link.status}`);

    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    let answered = 0;
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    // Paced: each connection sends its share at fixed times, so the total is `pace` per second.
    const period = pace === null ? 0 : (CONNECTIONS * 1000) / pace;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, connection) => {
        for (let k = 0; ; k += 1) {
          const at = started + (connection * period) / CONNECTIONS + k * period;
          if (at >= deadline || Date.now() >= deadline) break;
          if (at > Date.now()) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
          const status = await visit(agent, first.origin);
          if (status !== 302) throw new Error(`redirect answered ${status}`);
          answered += 1;
        }
      }),
    );
    // Killed right after the last 302: nothing is flushed at shutdown.
    first.child.kill('SIGKILL');
    const elapsed = (Date.now() - started) / 1000;
    await exited(first.child);
    agent.destroy();

    const second = await serve(dataDir, flushMs);
    const listed = await fetch(`${second.origin}/api/link?workspaceId=${WORKSPACE}`, { headers: auth });
    const body = (await listed.json()) as { data: { list: { totalClicks: number }[] } };
    second.child.kill('SIGTERM');
    await exited(second.child);
    return { flushMs, answered, recorded: body.data.list[0]?.totalClicks ?? 0, perSecond: answered / elapsed };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function table(pace: number | null): Promise<string[]> {
  const rows: string[] = [];
  for (const flushMs of INTERVALS) {
    const trials: Trial[] = [];
    for (let i = 0; i < TRIALS; i += 1) {
      const t = await trial(flushMs, pace);
      trials.push(t);
      process.stderr.write(`${pace ?? 'flat-out'}/s, flush ${flushMs} ms: answered ${t.answered}, recorded ${t.recorded}, lost ${t.answered - t.recorded}\n`);
    }
    const lost = trials.map((t) => t.answered - t.recorded);
    const lostMs = trials.map((t) => ((t.answered - t.recorded) / t.perSecond) * 1000);
    rows.push(
      `| ${flushMs}${flushMs === 1000 ? ' (default)' : ''} | ${Math.round(percentile(trials.map((t) => t.perSecond), 50))} | ` +
        `${trials.map((t) => t.answered).join(' / ')} | ${lost.join(' / ')} | ${Math.round(percentile(lostMs, 50))} ms | ${Math.round(Math.max(...lostMs))} ms |`,
    );
  }
  return rows;
}

const HEAD = `| --click-flush-ms | answered/s | answered (per trial) | lost (per trial) | window, median | window, max |
|---|---|---|---|---|---|`;
const paced = await table(PACED_PER_SECOND);
const flatOut = await table(null);

console.log(`## Crash window (SIGKILL after the last 302)

${TRIALS} trials per flush interval: ${SECONDS} s of redirects on ${CONNECTIONS} keep-alive connections, each answered 302,
then SIGKILL, restart on the same data, clicks read through the API. "Lost" clicks were answered but never
recorded; "window" is that loss as time of the traffic (lost / answered per second).

At a steady ${PACED_PER_SECOND} redirects/s:

${HEAD}
${paced.join('\n')}

Flat out (as fast as the service answers; a full buffer of 5,000 clicks is written before the interval ends):

${HEAD}
${flatOut.join('\n')}
`);
