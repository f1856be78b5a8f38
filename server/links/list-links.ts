import type { LinkListQuery } from '../../lib/contract/schemas';
import type { AppContext } from '../context';
import { insertionOrder, orderClause } from '../http/paging';
import { LINK_COLUMNS, type LinkRow } from './link-record';
import { shortUrlSql } from './short-url';

/**
 * One page of a workspace's links and their total, read in one transaction so
 * the two agree. Ordered by the chosen field, ties broken by insertion order
 * (rowid) in the same direction, so paging is stable. shortUrl is ordered by
 * the URL as the client sees it (built in SQL by the same rule as short-url.ts).
 */
export function createLinkLister(ctx: AppContext): (query: LinkListQuery) => Promise<{ rows: LinkRow[]; total: number }> {
  const { db, config } = ctx;
  const columns: Record<LinkListQuery['orderBy'], string> = {
    createdDate: 'created_date',
    longUrl: 'long_url',
    totalClicks: 'total_clicks',
    shortUrl: shortUrlSql(config).sql,
  };

  return (query) =>
    db.transaction(
      async () => {
        // Parameters of the shortUrl expression are read now: publicUrl gets its port after listening.
        const orderParams = query.orderBy === 'shortUrl' ? shortUrlSql(config).params : [];
        const rows = await db.all<LinkRow>(
          `SELECT ${LINK_COLUMNS} FROM links WHERE workspace_id = ? ${orderClause(columns[query.orderBy], query.orderType, insertionOrder(db))} LIMIT ? OFFSET ?`,
          [query.workspaceId, ...orderParams, query.pageSize, query.cursor],
        );
        const total = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM links WHERE workspace_id = ?', [query.workspaceId]);
        return { rows, total: total?.n ?? 0 };
      },
      { snapshot: true },
    );
}
