/**
 * The service for create.bench.ts, in its own process so autocannon's work
 * does not share its event loop. Prints `{url, token}` as one JSON line when
 * listening; on SIGTERM prints `{links}` (rows in the links table) and exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { createToken } from '../../server/http/auth';
import { createMetadataFetcher } from '../../server/metadata/fetcher';
import { startServer } from '../../server/start';

const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-create-bench-'));
const db = openDatabase(dataDir);
// The bench's destinations are private addresses, which the real fetcher refuses
// before any network I/O; its per-link log line is silenced so stderr stays readable.
const metadata = createMetadataFetcher(db, { allowPrivate: false, log: () => {} });
const server = await startServer(
  // logLevel warn: a log line per request on stdout would break the bench's line protocol (and cost time).
  { ...DEFAULT_CONFIG, port: 0, publicUrl: '', dataDir, createRateLimitPerMinute: 10_000_000, logLevel: 'warn' },
  { db, metadata },
);
const token = createToken(db, 'bench', 'bench');
process.stdout.write(`${JSON.stringify({ url: server.url, token })}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await server.close();
    const links = db.prepare('SELECT COUNT(*) FROM links').pluck().get();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.stdout.write(`${JSON.stringify({ links })}\n`);
    process.exit(0);
  })();
});
