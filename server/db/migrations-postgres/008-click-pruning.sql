-- As migrations-sqlite/006-click-pruning.sql: the claim row that lets one instance of several
-- run a pruning pass (an UPDATE that only one instance can win), and how far pruning got.
CREATE TABLE click_pruning (
  id                INTEGER PRIMARY KEY CHECK (id = 1),
  claimed_ms        BIGINT NOT NULL,
  pruned_before_ms  BIGINT NOT NULL
);
INSERT INTO click_pruning (id, claimed_ms, pruned_before_ms) VALUES (1, 0, 0);
