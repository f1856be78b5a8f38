/**
 * The service for create.bench.ts, in its own process so autocannon's work
 * does not share its event loop. Prints `{url, token}` as one JSON line when
 * listening; on SIGTERM prints `{links}` (rows in the links table) and exits.
 */
import { DEFAULT_CONFIG } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { createToken } from '../../server/http/auth';
import { createMetadataFetcher } from '../../server/metadata/fetcher';
import { startServer } from '../../server/start';
import { benchDatabase } from './bench-database';

const where = await benchDatabase('shortlink-create-bench-');
const db = await openDatabase(where.location);
// The bench's destinations are private addresses, which the real fetcher refuses
// before any network I/O; its per-link log line is silenced so stderr stays readable.
const metadata = createMetadataFetcher(db, { allowPrivate: false, log: () => {} });
const server = await startServer(
  // logLevel warn: a log line per request on stdout would break the bench's line protocol (and cost time).
  { ...DEFAULT_CONFIG, port: 0, publicUrl: '', ...where.config, createRateLimitPerMinute: 10_000_000, logLevel: 'warn' },
  { db, metadata },
);
const token = await createToken(db, 'bench', 'bench');
process.stdout.write(`${JSON.stringify({ url: server.url, token })}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await server.close();
    const links = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM links'))?.n;
    await db.close();
    await where.remove();
    process.stdout.write(`${JSON.stringify({ links })}\n`);
    process.exit(0);
  })();
});
