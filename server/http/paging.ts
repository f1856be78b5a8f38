import type { PageInfo } from '../../lib/contract/schemas';
import type { Sql } from '../db/sql';

/**
 * pageInfo for a page that starts at offset `cursor` (docs/design.md: cursor is the
 * zero-based offset; the answer's cursor is the next page's offset; pageNumber
 * is 1-based). A cursor that is not a multiple of pageSize still gets the
 * page number its first item falls on.
 */
export function pageInfo(cursor: number, pageSize: number, itemsOnPage: number, totalCount: number): PageInfo {
  const next = cursor + itemsOnPage;
  return {
    cursor: next,
    hasNext: next < totalCount,
    pageNumber: Math.floor(cursor / pageSize) + 1,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}

/** The column that keeps rows' insertion order: SQLite's rowid, PostgreSQL's `seq` identity (001-core.sql). */
export function insertionOrder(db: Sql): string {
  return db.dialect === 'sqlite' ? 'rowid' : 'seq';
}

/** ORDER BY for a list: the chosen column, then a stable tiebreak in the same direction. */
export function orderClause(column: string, direction: 'asc' | 'desc', tiebreak = 'rowid'): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${column} ${dir}, ${tiebreak} ${dir}`;
}
