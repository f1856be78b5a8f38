/**
 * One side of the redirect bench, run as its own process so the server under
 * test has a core to itself: `service` starts the real service (startServer:
 * the whole app with its middleware, a SQLite file database and the click
 * recorder) with one short link; `bare` is a node:http server answering the
 * same 302 with no routing, lookup or recording. Prints {"url", "path"} as
 * one JSON line, and on SIGTERM stops; the service then writes its buffered
 * clicks and prints {"clicks": n}. A line "cpu" on stdin is answered with the
 * process's CPU time so far (all threads), in microseconds: {"cpu": n}.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_CONFIG } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { createToken } from '../../server/http/auth';
import { startServer } from '../../server/start';
import { benchDatabase } from './bench-database';

import { createInterface } from 'node:readline';

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ cpu: user + system })}\n`);
});

const LONG_URL = 'https://example.com/some/landing/page?utm_source=bench';
const KEYWORD = 'bench01';

const HEADERS = {
  Location: LONG_URL,
  'Cache-Control': 'private, max-age=0',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

async function service(): Promise<void> {
  const where = await benchDatabase('redirect-bench-');
  // logLevel warn: stdout carries this target's JSON lines to the bench.
  const server = await startServer({ ...DEFAULT_CONFIG, port: 0, ...where.config, publicUrl: '', logLevel: 'warn' });
  const { db } = server.ctx;
  await createToken(db, 'bench', 'bench');
  // Several instances of one bench share a database: the first one makes the link.
  await db.run(
    `INSERT INTO links (id, workspace_id, domain, keyword, long_url, created_by, modified_by, created_date)
     VALUES ('bench-link', 'bench', '', ?, ?, 'bench', 'bench', ?) ON CONFLICT DO NOTHING`,
    [KEYWORD, LONG_URL, new Date().toISOString()],
  );
  process.stdout.write(`${JSON.stringify({ url: server.url, path: `/${KEYWORD}` })}\n`);
  process.once('SIGTERM', () => {
    void server.close().then(async () => {
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
