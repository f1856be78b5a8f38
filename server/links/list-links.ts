import type { Statement } from 'better-sqlite3';
import type { LinkListQuery } from '../../lib/api/schemas';
import type { AppContext } from '../context';
import { orderClause } from '../http/paging';
import { LINK_COLUMNS, type LinkRow } from './link-record';
import { shortUrlSql } from './short-url';

/**
 * One page of a workspace's links and their total, read in one transaction so
 * the two agree. Ordered by the chosen field, ties broken by insertion order
 * (rowid) in the same direction, so paging is stable. shortUrl is ordered by
 * the URL as the client sees it (built in SQL by the same rule as short-url.ts).
 */
export function createLinkLister(ctx: AppContext): (query: LinkListQuery) => { rows: LinkRow[]; total: number } {
  const { db, config } = ctx;
  const count = db.prepare<[string], number>('SELECT COUNT(*) FROM links WHERE workspace_id = ?').pluck();
  const pages = new Map<string, Statement<unknown[], LinkRow>>();

  function pageStatement(orderBy: LinkListQuery['orderBy'], orderType: LinkListQuery['orderType']) {
    const key = `${orderBy} ${orderType}`;
    let statement = pages.get(key);
    if (!statement) {
      const columns: Record<LinkListQuery['orderBy'], string> = {
        createdDate: 'created_date',
        longUrl: 'long_url',
        totalClicks: 'total_clicks',
        shortUrl: shortUrlSql(config).sql,
      };
      statement = db.prepare<unknown[], LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM links WHERE workspace_id = ? ${orderClause(columns[orderBy], orderType)} LIMIT ? OFFSET ?`,
      );
      pages.set(key, statement);
    }
    return statement;
  }

  return (query) =>
    db.transaction(() => {
      // Parameters of the shortUrl expression are read now: publicUrl gets its port after listening.
      const orderParams = query.orderBy === 'shortUrl' ? shortUrlSql(config).params : [];
      const rows = pageStatement(query.orderBy, query.orderType).all(query.workspaceId, ...orderParams, query.pageSize, query.cursor);
      return { rows, total: count.get(query.workspaceId) ?? 0 };
    })();
}
