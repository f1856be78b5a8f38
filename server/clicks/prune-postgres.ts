import type { Sql } from '../db/sql';
import { ensureClickPartitions, listClickPartitions, type ClickPartition } from './click-partitions';
import {
  dropEmptyLegacy, LEGACY_BATCH_END, LEGACY_BATCH_SPAN, LEGACY_DELETE, LEGACY_LABEL_INSERTS, LEGACY_MOVE, legacyPresent, NO_CUTOFF, type MoveStep,
} from '../db/legacy-clicks';
import { CLAIM_TTL_MS, type ClickPruner } from './prune-schedule';

/** Heap pages a batch covers per `limit` clicks: a page holds about 130 compact rows (009-compact-clicks.sql). */
const ROWS_PER_PAGE = 130;
/** Empty page ranges passed in one step before it returns. */
const RANGES_PER_STEP = 200;

/** The block number of a tuple id, in SQL: ctid has no cast to a number but its text is a point. */
const BLOCK = '((ctid::text::point)[0])::bigint';

/**
 * Deletes the raw clicks of `table` before a cutoff by walking its heap in
 * ranges of pages (a TID range scan: each batch reads only its pages, and the
 * walk reads each page once), between the first and last page holding such a
 * click (found once per pass through the BRIN index on time). Linear in the
 * pages that hold old clicks, where deleting "the oldest N" again and again
 * would read the dead rows of every batch before it.
 */
export function createHeapWalk(db: Sql, table: string): { step(cutoffMs: number, limit: number): Promise<{ deleted: number; done: boolean }>; reset(): void } {
  let next: number | null = null;
  let last = -1;
  return {
    reset() {
      next = null;
      last = -1;
    },
    async step(cutoffMs, limit) {
      if (next === null) {
        const extent = await db.get<{ lo: number | null; hi: number | null }>(
          `SELECT min(${BLOCK}) AS lo, max(${BLOCK}) AS hi FROM ${table} WHERE at_ms < ?`,
          [cutoffMs],
        );
        if (extent?.lo === null || extent?.lo === undefined || extent.hi === null) return { deleted: 0, done: true };
        next = Number(extent.lo);
        last = Number(extent.hi);
      }
      const pages = Math.max(1, Math.ceil(limit / ROWS_PER_PAGE));
      for (let ranges = 0; ranges < RANGES_PER_STEP; ranges += 1) {
        if (next > last) {
          next = null;
          return { deleted: 0, done: true };
        }
        const { changes } = await db.run(`DELETE FROM ${table} WHERE ctid >= ?::tid AND ctid < ?::tid AND at_ms < ?`, [
          `(${next},0)`, `(${next + pages},0)`, cutoffMs,
        ]);
        next += pages;
        if (changes > 0) return { deleted: changes, done: false };
      }
      return { deleted: 0, done: false };
    },
  };
}

/**
 * PostgreSQL's pruning, month by month (010-click-partitions.sql): a
 * partition whose whole month is before the cutoff is detached
 * (CONCURRENTLY: writers of other months are not blocked) and dropped, its
 * rows counted first; the partition the cutoff falls in (the boundary month,
 * or one that starts at MINVALUE) has its old rows deleted by
 * the heap walk above, a batch per statement. Each statement is its own
 * short transaction on the pool, never on the event loop's path. The claim is
 * an UPDATE of click_pruning that only one instance can win while it is live.
 * Before pruning, the winner moves the clicks of the old shape into the
 * partitions, a batch per transaction (legacy-clicks.ts).
 */
export function createPostgresPruner(db: Sql): ClickPruner {
  /** What is left of this pass, oldest first; null until the first step lists the partitions. */
  let plan: { partition: ClickPartition; walk: ReturnType<typeof createHeapWalk> | null }[] | null = null;
  /** The last old-shape id moved or pruned in this pass. */
  let after = 0;
  const present = () => legacyPresent(db);
  return {
    async claim(nowMs, cutoffMs, moving) {
      plan = null;
      after = 0;
      const { changes } = await db.run(
        'UPDATE click_pruning SET claimed_ms = ? WHERE id = 1 AND (pruned_before_ms < ? OR ? = 1) AND claimed_ms < ?',
        [nowMs, cutoffMs, moving ? 1 : 0, nowMs - CLAIM_TTL_MS],
      );
      return changes === 1;
    },
    moving: present,
    renew: async (nowMs) => void (await db.run('UPDATE click_pruning SET claimed_ms = ? WHERE id = 1', [nowMs])),
    async step(cutoffMs, limit) {
      if (await present()) {
        const { moved, pruned, last } = await moveBatch(db, after, cutoffMs, limit);
        after = last;
        return { deleted: pruned, moved, done: false };
      }
      if (cutoffMs <= NO_CUTOFF) return { deleted: 0, done: true };
      plan ??= (await listClickPartitions(db))
        .filter((partition) => partition.from < cutoffMs)
        .map((partition) => ({ partition, walk: partition.to <= cutoffMs ? null : createHeapWalk(db, quoted(partition.name)) }));
      const next = plan[0];
      if (!next) return { deleted: 0, done: true };
      if (next.walk) {
        const { deleted, done } = await next.walk.step(cutoffMs, limit);
        if (done) plan.shift();
        return { deleted, done: false };
      }
      plan.shift();
      return { deleted: await dropPartition(db, next.partition), done: false };
    },
    finish: async (cutoffMs) =>
      void (await db.run('UPDATE click_pruning SET claimed_ms = 0, pruned_before_ms = GREATEST(pruned_before_ms, ?) WHERE id = 1', [cutoffMs])),
  };
}

/**
 * One batch of the move: the months its kept clicks fall in are made first
 * (their own short transaction, as for a late batch of the click writer),
 * then one transaction learns its labels, copies the kept clicks into the
 * partitions and deletes the batch from the old table. An empty batch drops
 * the old table, waiting at most a few seconds for its lock (an export
 * reading it): a pass that cannot have it tries again at the next.
 */
async function moveBatch(db: Sql, after: number, cutoffMs: number, limit: number): Promise<MoveStep & { last: number }> {
  const end = await db.get<{ hi: string | number | null }>(LEGACY_BATCH_END, [after, limit]);
  if (end?.hi === null || end?.hi === undefined) {
    await dropEmptyLegacy(db);
    return { moved: 0, pruned: 0, done: true, last: after };
  }
  const last = Number(end.hi);
  const span = await db.get<{ lo: string | number | null; hi: string | number | null }>(LEGACY_BATCH_SPAN, [after, last, cutoffMs]);
  if (span?.lo !== null && span?.lo !== undefined && span.hi !== null) await ensureClickPartitions(db, Number(span.lo), Number(span.hi));
  return db.transaction(async () => {
    for (const text of LEGACY_LABEL_INSERTS) await db.run(text, [after, last, cutoffMs]);
    const { changes: moved } = await db.run(LEGACY_MOVE, [after, last, cutoffMs]);
    const { changes: removed } = await db.run(LEGACY_DELETE, [after, last]);
    return { moved, pruned: removed - moved, done: false, last };
  });
}

/**
 * Detaches a partition whose month is past and drops it; returns how many raw
 * clicks it held. A detach left pending by a pass that stopped is finished.
 */
async function dropPartition(db: Sql, partition: ClickPartition): Promise<number> {
  const name = quoted(partition.name);
  const rows = Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${name}`))?.n ?? 0);
  await db.exec(`ALTER TABLE clicks DETACH PARTITION ${name} ${partition.detachPending ? 'FINALIZE' : 'CONCURRENTLY'}`);
  await db.exec(`DROP TABLE ${name}`);
  return rows;
}

/** Partition names come from pg_class (listClickPartitions); quoted as identifiers all the same. */
function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
