-- As migrations-sqlite/008-recent-hours.sql: a link's recent clicks per device and absolute UTC
-- hour, kept 62 days, from which the analytics build days in the reader's time zone. Several
-- instances add to the same rows with INSERT … ON CONFLICT DO UPDATE, as for 002-clicks.sql's
-- rollups. The backfill reads the raw clicks of the last 62 days through click_rows: the months
-- before are left out by partition pruning (010-click-partitions.sql), and the BRIN index on time
-- narrows the oldest month read.
CREATE TABLE click_recent_hours (
  link_id   TEXT COLLATE "C" NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  hour      INTEGER NOT NULL,                   -- floor(at_ms / 3600000): hours since 1970-01-01 UTC
  device    TEXT COLLATE "C" NOT NULL,
  clicks    BIGINT NOT NULL,
  PRIMARY KEY (link_id, hour, device)
);
CREATE INDEX click_recent_hours_by_hour ON click_recent_hours (hour);

INSERT INTO click_recent_hours (link_id, hour, device, clicks)
  SELECT link_id, (at_ms / 3600000)::int, device, count(*) FROM click_rows
  WHERE at_ms >= (extract(epoch FROM now()) * 1000)::bigint - 62 * 86400000::bigint
  GROUP BY 1, 2, 3;
