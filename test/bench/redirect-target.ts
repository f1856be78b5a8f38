/**
 * One side of the redirect bench, run as its own process so the server under
 * test has a core to itself: `service` starts the real service (startServer:
 * the whole app with its middleware, a SQLite file database and the click
 * recorder) with one short link; `bare` is a node:http server answering the
 * same 302 with no routing, lookup or recording. Prints {"url", "path"} as
 * one JSON line, and on SIGTERM stops; the service then writes its buffered
 * clicks and prints {"clicks": n}. A line "cpu" on stdin is answered with the
 * process's CPU time so far (all threads), in microseconds: {"cpu": n}.
 * With BENCH_OLD_CLICKS=n the service first stores n raw clicks older than
 * its 90-day retention (on 20 other links); "prune" starts a pruning pass in
 * its recorder (answered {"pruning": true}) and "pruned" tells whether it is
 * done: {"done": false} or {"done": true, "result": …}.
 */
import { createServer } from 'node:http';
import { createClickRecorder } from '../../server/clicks/click-recorder';
import { createClickWriter } from '../../server/clicks/click-writer';
import type { ClickRecorder, PruneResult } from '../../server/clicks/recorder-port';
import type { AddressInfo } from 'node:net';
import { DEFAULT_CONFIG } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { createToken } from '../../server/http/auth';
import { startServer } from '../../server/start';
import { benchDatabase } from './bench-database';
import { sampleClicks, seededRandom } from './click-samples';

import { createInterface } from 'node:readline';

const OLD_CLICKS = Number(process.env.BENCH_OLD_CLICKS ?? 0);
const RETENTION_DAYS = 90;
let recorder: ClickRecorder | undefined;
let pass: Promise<PruneResult> | undefined;
let passResult: PruneResult | undefined;

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = line.trim();
  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  if (command === 'cpu') {
    const { user, system } = process.cpuUsage();
    answer({ cpu: user + system });
  } else if (command === 'prune') {
    pass ??= (recorder?.prune?.() ?? Promise.reject(new Error('no recorder'))).then((result) => (passResult = result));
    answer({ pruning: true });
  } else if (command === 'pruned') {
    answer(passResult ? { done: true, result: passResult } : { done: false });
  }
});

/** `n` raw clicks between 200 and 100 days old, on links old-1..old-20, as the recorder writes them (5,000 a batch). */
async function storeOldClicks(db: Awaited<ReturnType<typeof openDatabase>>, n: number): Promise<void> {
  const write = createClickWriter(db);
  const random = seededRandom(7);
  for (let l = 1; l <= 20; l += 1) {
    await db.run(
      `INSERT INTO links (id, workspace_id, domain, keyword, long_url, created_by, modified_by, created_date)
       VALUES (?, 'bench', '', ?, 'https://example.com/old', 'bench', 'bench', ?)`,
      [`old-${l}`, `old${l}`, new Date().toISOString()],
    );
  }
  const start = Date.now() - 200 * 86_400_000;
  const step = (100 * 86_400_000) / n;
  const samples = sampleClicks('old-1', n, Date.now(), random);
  let batch = [];
  let i = 0;
  for (const sample of samples) {
    batch.push({ ...sample, linkId: `old-${1 + (i % 20)}`, atMs: Math.floor(start + i * step) });
    i += 1;
    if (batch.length === 5000) {
      await write(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await write(batch);
}

const LONG_URL = 'https://example.com/some/landing/page?utm_source=bench';
const KEYWORD = 'bench01';

const HEADERS = {
  Location: LONG_URL,
  'Cache-Control': 'private, max-age=0',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

async function service(): Promise<void> {
  const where = await benchDatabase('redirect-bench-');
  const config = { ...DEFAULT_CONFIG, port: 0, ...where.config, publicUrl: '', logLevel: 'warn' as const };
  let overrides = {};
  if (OLD_CLICKS > 0) {
    // The service's own recorder, with a pass only when asked (its timer's first pass an hour away).
    const own = await openDatabase(where.location);
    await createToken(own, 'bench', 'bench');
    await storeOldClicks(own, OLD_CLICKS);
    recorder = createClickRecorder(own, {
      flushIntervalMs: config.clickFlushMs, retentionDays: RETENTION_DAYS, pruneFirstDelayMs: 3_600_000, log: (m) => process.stderr.write(`${m}\n`),
    });
    overrides = { db: own, clicks: recorder };
  }
  // logLevel warn: stdout carries this target's JSON lines to the bench.
  const server = await startServer(config, overrides);
  const { db } = server.ctx;
  if (OLD_CLICKS === 0) await createToken(db, 'bench', 'bench');
  // Several instances of one bench share a database: the first one makes the link.
  await db.run(
    `INSERT INTO links (id, workspace_id, domain, keyword, long_url, created_by, modified_by, created_date)
     VALUES ('bench-link', 'bench', '', ?, ?, 'bench', 'bench', ?) ON CONFLICT DO NOTHING`,
    [KEYWORD, LONG_URL, new Date().toISOString()],
  );
  process.stdout.write(`${JSON.stringify({ url: server.url, path: `/${KEYWORD}` })}\n`);
  process.once('SIGTERM', () => {
    void server.close().then(async () => {
      // With its own database (BENCH_OLD_CLICKS) the service leaves closing it to its owner.
      if (OLD_CLICKS > 0) await db.close();
      // close() flushed the recorder; count what reached the database.
      const check = await openDatabase(where.location);
      const clicks = (await check.get<{ n: number }>("SELECT total_clicks AS n FROM links WHERE id = 'bench-link'"))?.n;
      await check.close();
      await where.remove();
      process.stdout.write(`${JSON.stringify({ clicks })}\n`);
      process.exit(0);
    });
  });
}

function bare(): void {
  const server = createServer((req, res) => {
    if (req.url === `/${KEYWORD}`) res.writeHead(302, HEADERS).end();
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, path: `/${KEYWORD}` })}\n`);
  });
  process.once('SIGTERM', () => process.exit(0));
}

if (process.argv[2] === 'service') await service();
else bare();
