import type BetterSqlite3 from 'better-sqlite3';
import {
  LEGACY_BATCH_END, LEGACY_DELETE, LEGACY_DROP, LEGACY_LABEL_INSERTS, LEGACY_MOVE, LEGACY_PRESENT, NO_CUTOFF, type MoveStep,
} from '../db/legacy-clicks';
import { CLAIM_TTL_MS, type ClickPruner } from './prune-schedule';

/** Links looked at in one step before it returns, even when none had clicks to prune (a step stays short). */
const LINKS_PER_STEP = 500;

/**
 * SQLite's pruning, on the connection of the thread that runs it (the click
 * writer thread, so the event loop answering redirects never runs a delete).
 * Link by link along the (link, time) index that ON DELETE CASCADE uses too:
 * each batch is one range of one link's oldest rows, deleted in a short
 * IMMEDIATE transaction. Before that, the clicks of the old shape are moved
 * a batch per IMMEDIATE transaction (legacy-clicks.ts).
 */
export function createSqlitePruner(db: BetterSqlite3.Database): ClickPruner {
  const claim = db.prepare('UPDATE click_pruning SET claimed_ms = ? WHERE id = 1 AND (pruned_before_ms < ? OR ? = 1) AND claimed_ms < ?');
  const present = db.prepare(LEGACY_PRESENT.sqlite).pluck();
  const mover = legacyMover(db);
  const renew = db.prepare('UPDATE click_pruning SET claimed_ms = ? WHERE id = 1');
  const finish = db.prepare('UPDATE click_pruning SET claimed_ms = 0, pruned_before_ms = max(pruned_before_ms, ?) WHERE id = 1');
  const nextLink = db.prepare('SELECT seq FROM links WHERE seq > ? ORDER BY seq LIMIT 1').pluck();
  const deleteOldest = db.prepare('DELETE FROM clicks WHERE id IN (SELECT id FROM clicks WHERE link = ? AND at_ms < ? LIMIT ?)');
  const deleteBatch = db.transaction((link: number, cutoffMs: number, limit: number) => deleteOldest.run(link, cutoffMs, limit).changes);
  /** The link (its number) being pruned, and the last one passed. */
  let link: number | null = null;
  let after = 0;
  return {
    async claim(nowMs, cutoffMs, moving) {
      link = null;
      after = 0;
      mover.reset();
      return claim.run(nowMs, cutoffMs, moving ? 1 : 0, nowMs - CLAIM_TTL_MS).changes === 1;
    },
    moving: async () => present.get() === 1,
    renew: async (nowMs) => void renew.run(nowMs),
    async step(cutoffMs, limit) {
      if (present.get() === 1) {
        const { moved, pruned } = mover.step(cutoffMs, limit);
        return { deleted: pruned, moved, done: false };
      }
      if (cutoffMs <= NO_CUTOFF) return { deleted: 0, done: true };
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

/** The move of old-shape clicks on SQLite: statements prepared once the pass meets the old table (they name it). */
function legacyMover(db: BetterSqlite3.Database): { step(cutoffMs: number, limit: number): MoveStep; reset(): void } {
  let after = 0;
  let batch: ((cutoffMs: number, limit: number) => MoveStep) | null = null;
  function prepare(): (cutoffMs: number, limit: number) => MoveStep {
    const end = db.prepare(LEGACY_BATCH_END).pluck();
    const labels = LEGACY_LABEL_INSERTS.map((text) => db.prepare(text));
    const move = db.prepare(LEGACY_MOVE);
    const remove = db.prepare(LEGACY_DELETE);
    return db.transaction((cutoffMs: number, limit: number): MoveStep => {
      const last = end.get(after, limit) as number | null;
      if (last === null) {
        db.exec(LEGACY_DROP);
        return { moved: 0, pruned: 0, done: true };
      }
      for (const label of labels) label.run(after, last, cutoffMs);
      const moved = move.run(after, last, cutoffMs).changes;
      const removed = remove.run(after, last).changes;
      after = last;
      return { moved, pruned: removed - moved, done: false };
    }).immediate;
  }
  return {
    step(cutoffMs, limit) {
      batch ??= prepare();
      const result = batch(cutoffMs, limit);
      if (result.done) batch = null;
      return result;
    },
    reset() {
      after = 0;
    },
  };
}
