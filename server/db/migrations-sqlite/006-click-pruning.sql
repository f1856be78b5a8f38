-- Raw-click retention (`--click-retention DAYS`, server/clicks/prune-schedule.ts): one row that
-- says when a pruning run was last claimed and up to which time raw clicks are already gone, so a
-- run is skipped once the day's cutoff is reached and, on PostgreSQL, only the instance whose UPDATE
-- moves claimed_ms runs it (the claim of domains.checked_ms, 003-domain-checks.sql). Rollups are
-- never pruned: analytics answers do not change when raw clicks age out.
CREATE TABLE click_pruning (
  id                INTEGER PRIMARY KEY CHECK (id = 1),
  claimed_ms        INTEGER NOT NULL,   -- epoch ms of the last claim; 0 = never
  pruned_before_ms  INTEGER NOT NULL    -- raw clicks before this epoch ms were all pruned
);
INSERT INTO click_pruning (id, claimed_ms, pruned_before_ms) VALUES (1, 0, 0);
