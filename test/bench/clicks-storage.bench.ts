/**
 * Raw-click storage at scale (runs on SQLite, and on PostgreSQL with BENCH_DB=postgres):
 *
 * 1. Bytes per stored click: 1,000,000 clicks of a realistic mix (20 links of
 *    uneven popularity, the browsers, devices, platforms and places of
 *    click-samples.ts, eight referrer origins) over 90 days, in time order,
 *    written by the recorder's batch writer 5,000 at a time; then a
 *    checkpoint and VACUUM. Counted: the raw clicks (tables and indexes, every
 *    partition), the rollups and the label tables. Budget: <= 60 B a click on
 *    SQLite, <= 80 B on PostgreSQL.
 * 2. Pruning rate: a pass of the recorder's pruner with a 45-day retention
 *    (about half the clicks), default batches and pauses, clicks/s.
 * 3. Redirects while pruning: the redirect bench's service and bare node:http
 *    in alternating rounds, first as they are, then while the service prunes
 *    BENCH_PRUNE_CLICKS (default 1,000,000) old raw clicks beside them; the
 *    ratio to bare and p99 of each.
 * 4. The upgrade of a million stored clicks (clicks-migration-times.ts): the
 *    migrations to compact rows and partitions (the short step of
 *    docs/scaling.md, no click copied), then the background move of the old
 *    rows, clicks/s.
 *
 * Prints a Markdown section; exits 1 when bytes per click are over budget.
 */
import autocannon from 'autocannon';
import { createClickRecorder } from '../../server/clicks/click-recorder';
import type { ClickRow } from '../../server/clicks/click-row';
import { createClickWriter } from '../../server/clicks/click-writer';
import { openDatabase } from '../../server/db/open';
import { clusterLabel } from '../postgres/cluster';
import { BENCH_ON_POSTGRES, benchDatabase } from './bench-database';
import { migrationTimes } from './clicks-migration-times';
import { sampleClicks, seededRandom } from './click-samples';
import { ask, cpuOf, startTarget, stopTarget, type Target } from './redirect-targets';
import { percentile } from './stats';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 1_000_000);
const PRUNE_CLICKS = Number(process.env.BENCH_PRUNE_CLICKS ?? 1_000_000);
const BUDGET = BENCH_ON_POSTGRES ? 80 : 60;
const DAY = 86_400_000;
const BATCH = 5000;
const LINKS = 20;
const REFERRERS = ['', 'https://t.co', 'https://www.google.com', 'https://l.facebook.com', 'https://www.linkedin.com', 'https://news.ycombinator.com', 'https://www.reddit.com', 'android-app://com.google.android.gm/'];
const dbLabel = BENCH_ON_POSTGRES ? clusterLabel() : 'SQLite (WAL)';

const log = (line: string) => process.stderr.write(`${line}\n`);
const fmt = (n: number, digits = 0) => n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The realistic mix, in time order: link i gets a share proportional to 1/(i+1) (a few hot links, a long tail). */
function* realisticClicks(count: number, now: number): Generator<ClickRow> {
  const random = seededRandom(2026);
  const weights = Array.from({ length: LINKS }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const start = now - 90 * DAY;
  const step = (90 * DAY) / count;
  let i = 0;
  for (const sample of sampleClicks('l', count, now, random)) {
    let r = random() * total;
    let link = 0;
    while (link < LINKS - 1 && (r -= weights[link] as number) > 0) link += 1;
    yield {
      ...sample,
      linkId: `link-${link + 1}`,
      atMs: Math.floor(start + i * step + random() * 1000),
      referrer: REFERRERS[Math.floor(random() ** 2 * REFERRERS.length)] as string,
    };
    i += 1;
  }
}

// 1. Bytes per stored click.
const where = await benchDatabase('clicks-storage-bench-');
const db = await openDatabase(where.location);
const now = Date.now();
for (let l = 1; l <= LINKS; l += 1) {
  await db.run("INSERT INTO workspaces (id, created_date) VALUES ('bench', '2026-01-01') ON CONFLICT DO NOTHING");
  await db.run(
    `INSERT INTO links (id, workspace_id, domain, keyword, long_url, created_by, modified_by, created_date)
     VALUES (?, 'bench', '', ?, ?, 'bench', 'bench', '2026-01-01T00:00:00.000Z')`,
    [`link-${l}`, `k${l}`, `https://example.com/${l}`],
  );
}
const write = createClickWriter(db);
let batch: ClickRow[] = [];
const insertStarted = performance.now();
for (const click of realisticClicks(CLICKS, now)) {
  batch.push(click);
  if (batch.length === BATCH) {
    await write(batch);
    batch = [];
  }
}
if (batch.length > 0) await write(batch);
const insertRate = CLICKS / ((performance.now() - insertStarted) / 1000);
log(`stored ${CLICKS} clicks at ${Math.round(insertRate)}/s`);

const ROLLUPS = ['click_daily', 'click_hours', 'click_browsers', 'click_places'];
const LABELS = ['label_browsers', 'label_devices', 'label_platforms', 'label_referrers', 'label_places'];
/** Bytes of the raw clicks (tables, indexes), the rollups and the label tables; the whole database for reference. */
interface Sizes { raw: number; rollups: number; labels: number; database: number }

async function sizes(): Promise<Sizes> {
  if (!BENCH_ON_POSTGRES) {
    await db.exec('PRAGMA wal_checkpoint(TRUNCATE); VACUUM; PRAGMA wal_checkpoint(TRUNCATE)');
    const rows = await db.all<{ name: string; tbl: string; bytes: number }>(
      "SELECT d.name AS name, m.tbl_name AS tbl, SUM(d.pgsize) AS bytes FROM dbstat d JOIN sqlite_master m ON m.name = d.name GROUP BY d.name",
    );
    const of = (tables: string[]) => rows.filter((r) => tables.includes(r.tbl)).reduce((s, r) => s + Number(r.bytes), 0);
    return { raw: of(['clicks']), rollups: of(ROLLUPS), labels: of(LABELS), database: rows.reduce((s, r) => s + Number(r.bytes), 0) };
  }
  await db.exec('VACUUM (ANALYZE)');
  const total = async (tables: string[]) =>
    Number((await db.get<{ n: number }>(`SELECT SUM(pg_total_relation_size(t::regclass))::bigint AS n FROM unnest(?::text[]) AS t`, [tables]))?.n);
  const raw = Number((await db.get<{ n: number }>("SELECT SUM(pg_total_relation_size(relid))::bigint AS n FROM pg_partition_tree('clicks')"))?.n);
  const database = Number((await db.get<{ n: number }>('SELECT pg_database_size(current_database())::bigint AS n'))?.n);
  return { raw, rollups: await total(ROLLUPS), labels: await total(LABELS), database };
}

const labelCounts = Object.fromEntries(
  await Promise.all(LABELS.map(async (table) => [table, Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n)] as const)),
);
const size = await sizes();
const perClick = (size.raw + size.rollups + size.labels) / CLICKS;
log(`bytes per click ${perClick.toFixed(1)}`);

// 2. Pruning rate: about half the clicks are older than 45 days.
const pruner = createClickRecorder(db, { retentionDays: 45, thread: 'main', pruneFirstDelayMs: 3_600_000, log });
const pass = await pruner.prune!(now);
await pruner.close();
const pruneRate = pass.deleted / (pass.ms / 1000);
log(`pruned ${pass.deleted} in ${pass.ms} ms`);
await db.close();
await where.remove();

// 3. Redirects beside pruning.
interface Round { requests: number; seconds: number; p99: number; errors: number }
async function measure(target: Target, seconds: number): Promise<Round> {
  await cpuOf(target);
  const result = await autocannon({ url: target.url, connections: 10, duration: seconds, headers: { referer: 'https://t.co/x' } });
  return { requests: result.requests.total, seconds: result.duration, p99: result.latency.p99, errors: result.errors + result.timeouts + result['4xx'] + result['5xx'] };
}
const PAIRS = 4;
const service = await startTarget('service', { ...process.env, BENCH_OLD_CLICKS: String(PRUNE_CLICKS) });
const bare = await startTarget('bare');
await measure(service, 1);
await measure(bare, 1);
async function pairs(): Promise<{ ratios: number[]; p99: number[]; errors: number }> {
  const ratios: number[] = [];
  const p99: number[] = [];
  let errors = 0;
  for (let i = 0; i < PAIRS; i += 1) {
    // Each pair in turn order, bare first then service first, as the redirect bench does.
    let b: Round;
    let s: Round;
    if (i % 2 === 0) {
      b = await measure(bare, 2);
      s = await measure(service, 2);
    } else {
      s = await measure(service, 2);
      b = await measure(bare, 2);
    }
    ratios.push(s.requests / s.seconds / (b.requests / b.seconds));
    p99.push(s.p99);
    errors += s.errors + b.errors;
  }
  return { ratios, p99, errors };
}
const quiet = await pairs();
await ask(service, 'prune');
const pruneStarted = performance.now();
const busy = await pairs();
const busySeconds = (performance.now() - pruneStarted) / 1000;
let pruned: { done: boolean; result?: { deleted: number; ms: number; batches: number } } = { done: false };
while (!pruned.done) {
  pruned = await ask(service, 'pruned');
  if (!pruned.done) await new Promise((resolve) => setTimeout(resolve, 500));
}
await stopTarget(bare);
await stopTarget(service);
const besidePass = pruned.result ?? { deleted: 0, ms: 0, batches: 0 };
const coveredRounds = besidePass.ms / 1000 >= busySeconds;

// 4. The upgrade of a million stored clicks: the short step, then the move in the background.
const migrations = await migrationTimes(1_000_000);

const kb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const median = (xs: number[]) => percentile(xs, 50);
const ok = perClick <= BUDGET;
process.stdout.write(`## Clicks storage${BENCH_ON_POSTGRES ? ' — PostgreSQL' : ''}

${fmt(CLICKS)} clicks of a realistic mix (${LINKS} links of uneven popularity, ${labelCounts.label_browsers} browsers, ${labelCounts.label_devices} devices, ${labelCounts.label_platforms} platforms,
${labelCounts.label_places} places, ${labelCounts.label_referrers} referrer origins counting "none" as one) over 90 days, in time order, written by the recorder's batch writer
${fmt(BATCH)} a transaction (${fmt(insertRate)} clicks/s), on ${dbLabel}; sizes after ${BENCH_ON_POSTGRES ? 'VACUUM (ANALYZE)' : 'a checkpoint and VACUUM'}.

| part | size | bytes per click |
|---|---:|---:|
| raw clicks (${BENCH_ON_POSTGRES ? 'every monthly partition, heap and indexes' : 'table and its (link, time) index'}) | ${kb(size.raw)} | ${fmt(size.raw / CLICKS, 1)} |
| rollups (${ROLLUPS.join(', ')}) | ${kb(size.rollups)} | ${fmt(size.rollups / CLICKS, 1)} |
| label tables | ${kb(size.labels)} | ${fmt(size.labels / CLICKS, 1)} |
| **stored click, all of the above** | ${kb(size.raw + size.rollups + size.labels)} | **${fmt(perClick, 1)}** (budget ≤ ${BUDGET}) |
| the whole database, for reference | ${kb(size.database)} | ${fmt(size.database / CLICKS, 1)} |

Pruning (retention 45 days: the older half): ${fmt(pass.deleted)} raw clicks in ${fmt(pass.ms / 1000, 1)} s, **${fmt(pruneRate)} clicks/s**,
${fmt(pass.batches)} ${BENCH_ON_POSTGRES ? 'steps (a whole month dropped counts as one; the boundary month in batches of about 1,000)' : 'batches of 1,000'}, 20 ms pause between batches (the defaults).

Redirects beside pruning (the redirect bench's service, ${BENCH_ON_POSTGRES ? 'PostgreSQL' : 'SQLite, pruning in its writer thread'}, and bare node:http; ${PAIRS} pairs of 2 s rounds
each, 10 connections; the service holds ${fmt(PRUNE_CLICKS)} raw clicks older than its 90-day retention):

| | ratio to bare (median of pairs) | pairs ranged | service p99 (worst round) | errors |
|---|---:|---:|---:|---:|
| not pruning | ${median(quiet.ratios).toFixed(2)} | ${Math.min(...quiet.ratios).toFixed(2)}–${Math.max(...quiet.ratios).toFixed(2)} | ${Math.max(...quiet.p99)} ms | ${quiet.errors} |
| pruning beside | ${median(busy.ratios).toFixed(2)} | ${Math.min(...busy.ratios).toFixed(2)}–${Math.max(...busy.ratios).toFixed(2)} | ${Math.max(...busy.p99)} ms | ${busy.errors} |

The pass beside them deleted ${fmt(besidePass.deleted)} raw clicks in ${fmt(besidePass.ms / 1000, 1)} s (${fmt(besidePass.deleted / Math.max(besidePass.ms / 1000, 0.001))} clicks/s while serving),
${coveredRounds ? 'running through every measured round' : `finishing before the last measured round (the rounds took ${fmt(busySeconds, 1)} s)`}.

Upgrade of ${fmt(1_000_000)} stored clicks: the migrations (${BENCH_ON_POSTGRES ? '009 and 010' : '007'}, the short step: no click copied) ${fmt(migrations.migrationMs / 1000, 1)} s;
then the background move of ${fmt(migrations.moved)} old-shape clicks by the pruning pass (default batches and pauses, nothing else running) ${fmt(migrations.moveMs / 1000, 1)} s, **${fmt(migrations.moved / Math.max(migrations.moveMs / 1000, 0.001))} clicks/s**.

Result: ${ok ? 'within budget' : '**budget missed**'}.
`);
process.exit(ok ? 0 : 1);
