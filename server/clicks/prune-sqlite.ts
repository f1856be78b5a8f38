import type BetterSqlite3 from 'better-sqlite3';
import { CLAIM_TTL_MS, type ClickPruner } from './prune-schedule';

/** Links looked at in one step before it returns, even when none had clicks to prune (a step stays short). */
const LINKS_PER_STEP = 500;

/**
 * SQLite's pruning, on the connection of the thread that runs it (the click
 * writer thread, so the event loop answering redirects never runs a delete).
 * Link by link along the (link, time) index that ON DELETE CASCADE uses too:
 * each batch is one range of one link's oldest rows, deleted in a short
 * IMMEDIATE transaction.
 */
export function createSqlitePruner(db: BetterSqlite3.Database): ClickPruner {
  const claim = db.prepare('UPDATE click_pruning SET claimed_ms = ? WHERE id = 1 AND pruned_before_ms < ? AND claimed_ms < ?');
  const renew = db.prepare('UPDATE click_pruning SET claimed_ms = ? WHERE id = 1');
  const finish = db.prepare('UPDATE click_pruning SET claimed_ms = 0, pruned_before_ms = max(pruned_before_ms, ?) WHERE id = 1');
  const nextLink = db.prepare('SELECT seq FROM links WHERE seq > ? ORDER BY seq LIMIT 1').pluck();
  const deleteOldest = db.prepare('DELETE FROM clicks WHERE id IN (SELECT id FROM clicks WHERE link = ? AND at_ms < ? LIMIT ?)');
  const deleteBatch = db.transaction((link: number, cutoffMs: number, limit: number) => deleteOldest.run(link, cutoffMs, limit).changes);
  /** The link (its number) being pruned, and the last one passed. */
  let link: number | null = null;
  let after = 0;
  return {
    async claim(nowMs, cutoffMs) {
      link = null;
      after = 0;
      return claim.run(nowMs, cutoffMs, nowMs - CLAIM_TTL_MS).changes === 1;
    },
    renew: async (nowMs) => void renew.run(nowMs),
    async step(cutoffMs, limit) {
      for (let seen = 0; seen < LINKS_PER_STEP; seen += 1) {
        if (link === null) {
          link = (nextLink.get(after) as number | undefined) ?? null;
          if (link === null) {
            after = 0;
            return { deleted: 0, done: true };
          }
        }
        const deleted = deleteBatch.immediate(link, cutoffMs, limit);
        if (deleted < limit) {
          after = link;
          link = null;
        }
        if (deleted > 0) return { deleted, done: false };
      }
      return { deleted: 0, done: false };
    },
    finish: async (cutoffMs) => void finish.run(cutoffMs),
  };
}
