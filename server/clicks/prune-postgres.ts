import type { Sql } from '../db/sql';
import { CLAIM_TTL_MS, type ClickPruner } from './prune-schedule';

/** Links looked at in one step before it returns, even when none had clicks to prune. */
const LINKS_PER_STEP = 500;

/**
 * PostgreSQL's pruning: link by link along the (link, time) index, a batch
 * per statement (its own short transaction). The claim is an UPDATE of
 * click_pruning that only one instance can win while the claim is live.
 */
export function createPostgresPruner(db: Sql): ClickPruner {
  let link: string | null = null;
  let after = '';
  return {
    async claim(nowMs, cutoffMs) {
      link = null;
      after = '';
      const { changes } = await db.run(
        'UPDATE click_pruning SET claimed_ms = ? WHERE id = 1 AND pruned_before_ms < ? AND claimed_ms < ?',
        [nowMs, cutoffMs, nowMs - CLAIM_TTL_MS],
      );
      return changes === 1;
    },
    renew: async (nowMs) => void (await db.run('UPDATE click_pruning SET claimed_ms = ? WHERE id = 1', [nowMs])),
    async step(cutoffMs, limit) {
      for (let seen = 0; seen < LINKS_PER_STEP; seen += 1) {
        if (link === null) {
          link = (await db.get<{ id: string }>('SELECT id FROM links WHERE id > ? ORDER BY id LIMIT 1', [after]))?.id ?? null;
          if (link === null) {
            after = '';
            return { deleted: 0, done: true };
          }
        }
        const { changes: deleted } = await db.run(
          'DELETE FROM clicks WHERE id IN (SELECT id FROM clicks WHERE link_id = ? AND at_ms < ? LIMIT ?)',
          [link, cutoffMs, limit],
        );
        if (deleted < limit) {
          after = link;
          link = null;
        }
        if (deleted > 0) return { deleted, done: false };
      }
      return { deleted: 0, done: false };
    },
    finish: async (cutoffMs) =>
      void (await db.run('UPDATE click_pruning SET claimed_ms = 0, pruned_before_ms = GREATEST(pruned_before_ms, ?) WHERE id = 1', [cutoffMs])),
  };
}
