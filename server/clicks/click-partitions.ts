import type { Sql } from '../db/sql';

/**
 * PostgreSQL's raw clicks are partitioned by month of at_ms
 * (010-click-partitions.sql): `clicks_YYYY_MM` holds [first of the month,
 * first of the next) in epoch ms, UTC. Partitions are made ahead of time
 * (this month and the next three, at start and hourly) and on demand when a
 * batch holds a month that has none (clicks written late, seeds, the move of
 * clicks stored before compact rows: db/legacy-clicks.ts); pruning drops the
 * months that are past. A partition from MINVALUE, if an operator attached
 * one, is read and pruned like the rest.
 */

/** Months made ahead of the current one. */
export const MONTHS_AHEAD = 3;

export function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function nextMonth(startMs: number): number {
  const d = new Date(startMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function partitionName(startMs: number): string {
  const d = new Date(startMs);
  return `clicks_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export interface ClickPartition {
  name: string;
  /** Bounds in epoch ms; `from` is -Infinity for the partition that starts at MINVALUE. */
  from: number;
  to: number;
  /** A DETACH … CONCURRENTLY that did not finish (pruning finalises and drops it). */
  detachPending: boolean;
}

/** "FOR VALUES FROM ('1700000000000') TO ('1702592000000')" or "FROM (MINVALUE) TO (…)" */
const BOUND = /FROM \((?:'?(-?\d+)'?|MINVALUE)\) TO \((?:'?(-?\d+)'?|MAXVALUE)\)/;

/** The partitions of `clicks`, oldest first. */
export async function listClickPartitions(db: Sql): Promise<ClickPartition[]> {
  const rows = await db.all<{ name: string; bound: string; pending: boolean }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound, i.inhdetachpending AS pending
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'clicks'::regclass`,
  );
  return rows
    .map((row) => {
      const match = BOUND.exec(row.bound);
      return {
        name: row.name,
        from: match?.[1] === undefined ? -Infinity : Number(match[1]),
        to: match?.[2] === undefined ? Infinity : Number(match[2]),
        detachPending: row.pending,
      };
    })
    .sort((a, b) => a.from - b.from);
}

/**
 * Makes the monthly partitions of every month in [fromMs, toMs] that no
 * partition covers, under an advisory lock, so instances doing it at once
 * make each month once. Returns the months (their starts) now covered.
 */
export async function ensureClickPartitions(db: Sql, fromMs: number, toMs: number): Promise<number[]> {
  const months: number[] = [];
  for (let start = monthStart(fromMs); start <= toMs; start = nextMonth(start)) months.push(start);
  // Nearly always they are all there: one read, no lock.
  const found = await listClickPartitions(db);
  if (months.every((start) => found.some((p) => p.from <= start && nextMonth(start) <= p.to))) return months;
  return db.transaction(async () => {
    await db.lock('click-partitions');
    const existing = await listClickPartitions(db);
    const covered: number[] = [];
    for (let start = monthStart(fromMs); start <= toMs; start = nextMonth(start)) {
      const end = nextMonth(start);
      if (!existing.some((p) => p.from <= start && end <= p.to)) {
        // Names and bounds are made here from numbers, never from input.
        await db.exec(`CREATE TABLE ${partitionName(start)} PARTITION OF clicks FOR VALUES FROM (${start}) TO (${end})`);
      }
      covered.push(start);
    }
    return covered;
  });
}

/** This month and MONTHS_AHEAD after it. */
export function ensurePartitionsAhead(db: Sql, nowMs: number): Promise<number[]> {
  let until = monthStart(nowMs);
  for (let i = 0; i < MONTHS_AHEAD; i += 1) until = nextMonth(until);
  return ensureClickPartitions(db, nowMs, until);
}
