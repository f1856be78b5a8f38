-- Test fixture: server/db/migrations-postgres/010-click-partitions.sql as commit 8dbad13 released it, before it was changed;
-- databases migrated then still have its schema (test/server/migrations-keep-clicks.test.ts). It attached a compact table holding clicks as a partition from MINVALUE.
-- Raw clicks partitioned by month of at_ms (declarative range partitioning), so pruning drops
-- whole months (server/clicks/prune-postgres.ts) and each month's indexes stay small. Partition
-- `clicks_YYYY_MM` holds [first of the month, first of the next) in epoch ms, UTC; this month's
-- and the next three are made here, later ones ahead of time by the service
-- (server/clicks/click-partitions.ts), and a month a batch needs is made when it first comes.
--
-- The table of 009-compact-clicks.sql is not copied: when it holds clicks it becomes one
-- partition, from MINVALUE to the start of next month, keeping its rows, its indexes (the same
-- definitions as the partitioned ones, so they are attached, not rebuilt) and its foreign key.
-- Finding its latest click and attaching it (which checks every row fits the bound) read it
-- twice, and no row moves: those reads are the short step this migration takes, under the
-- migration lock (docs/scaling.md, "Partitions").
-- Pruning deletes its old rows in batches until the cutoff passes its end, then drops it.
-- The view of 009 is made again at the end, on the partitioned table.
DROP VIEW click_rows;
ALTER TABLE clicks RENAME TO clicks_unpartitioned;
ALTER INDEX clicks_by_link RENAME TO clicks_unpartitioned_by_link;
ALTER INDEX clicks_by_time RENAME TO clicks_unpartitioned_by_time;

CREATE TABLE clicks (
  at_ms     BIGINT NOT NULL,
  link      INTEGER NOT NULL REFERENCES links(seq) ON DELETE CASCADE,
  referrer  INTEGER NOT NULL,
  place     INTEGER NOT NULL,
  browser   SMALLINT NOT NULL,
  device    SMALLINT NOT NULL,
  platform  SMALLINT NOT NULL
) PARTITION BY RANGE (at_ms);
CREATE INDEX clicks_by_link ON clicks (link);
CREATE INDEX clicks_by_time ON clicks USING brin (at_ms);

DO $$
DECLARE
  -- UTC wall-clock times (timestamp without time zone): to_char and extract(epoch) read them as UTC.
  month_start timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  latest bigint;
  first_ts timestamp := month_start + interval '1 month';
  start_ts timestamp := month_start;
BEGIN
  SELECT max(at_ms) INTO latest FROM clicks_unpartitioned;
  IF latest IS NOT NULL THEN
    -- The rows already stored stay where they are: up to the start of next month, or of the month
    -- after the latest click if one is later (a clock ahead, a seed), so that every row fits.
    first_ts := greatest(first_ts, date_trunc('month', to_timestamp(latest / 1000.0) AT TIME ZONE 'UTC') + interval '1 month');
    EXECUTE format('ALTER TABLE clicks_unpartitioned RENAME TO %I', 'clicks_before_' || to_char(first_ts, 'YYYY_MM'));
    EXECUTE format('ALTER TABLE clicks ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%s)',
      'clicks_before_' || to_char(first_ts, 'YYYY_MM'), (extract(epoch FROM first_ts) * 1000)::bigint);
    start_ts := first_ts;
  ELSE
    DROP TABLE clicks_unpartitioned;
  END IF;
  WHILE start_ts <= month_start + interval '3 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF clicks FOR VALUES FROM (%s) TO (%s)',
      'clicks_' || to_char(start_ts, 'YYYY_MM'),
      (extract(epoch FROM start_ts) * 1000)::bigint,
      (extract(epoch FROM start_ts + interval '1 month') * 1000)::bigint);
    start_ts := start_ts + interval '1 month';
  END LOOP;
END
$$;

CREATE VIEW click_rows AS
  SELECT l.id AS link_id, c.at_ms, b.name AS browser, d.name AS device, p.name AS platform,
         pl.country, pl.state, pl.city, r.origin AS referrer
  FROM clicks c
  JOIN links l ON l.seq = c.link
  JOIN label_browsers b ON b.id = c.browser
  JOIN label_devices d ON d.id = c.device
  JOIN label_platforms p ON p.id = c.platform
  JOIN label_referrers r ON r.id = c.referrer
  JOIN label_places pl ON pl.id = c.place;
