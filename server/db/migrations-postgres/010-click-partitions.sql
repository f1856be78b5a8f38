-- Raw clicks partitioned by month of at_ms (declarative range partitioning), so pruning drops
-- whole months (server/clicks/prune-postgres.ts) and each month's indexes stay small. Partition
-- `clicks_YYYY_MM` holds [first of the month, first of the next) in epoch ms, UTC; this month's
-- and the next three are made here, later ones ahead of time by the service
-- (server/clicks/click-partitions.ts), and a month a batch needs is made when it first comes.
--
-- The compact table of 009-compact-clicks.sql is still empty here (the clicks stored before wait
-- in clicks_legacy, moved into these partitions in the background: server/clicks/legacy-clicks.ts),
-- so it is dropped and made again partitioned; nothing is read or copied. The move makes the
-- months of the clicks it moves as it meets them. The view of 009 is made again at the end.
DROP VIEW click_rows;
DROP TABLE clicks;

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
  start_ts timestamp := month_start;
BEGIN
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
  JOIN label_places pl ON pl.id = c.place
  UNION ALL
  SELECT link_id, at_ms, browser, device, platform, country, state, city, referrer FROM clicks_legacy;
