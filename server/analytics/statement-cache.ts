import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open';

const caches = new WeakMap<Db, Map<string, Statement>>();

/**
 * The prepared statement for `sql` on `db`, prepared once per database:
 * analytics run a dozen small queries per answer, and preparing them each
 * time would cost more than running them on the rollups.
 */
export function statement<TParams extends unknown[], TRow>(db: Db, sql: string): Statement<TParams, TRow> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared as Statement<TParams, TRow>;
}

/** A label and its click count, the shape most aggregates return. */
export interface LabelCount {
  label: string;
  count: number;
}
