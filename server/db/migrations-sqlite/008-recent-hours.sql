-- Days in the reader's time zone (GET /link/{linkId}/{workspaceId}?timeZone=, docs/interface.md):
-- click_daily counts UTC days, which cannot be cut into another zone's days. This rollup counts a
-- link's recent clicks per device and absolute UTC hour, from which the analytics build the last 7
-- local days and the last 30 against the 30 before (server/analytics/zone-days.ts): at most
-- 62 days x 24 hours x devices rows per link. Kept 62 days (60 for the windows, a day either side for
-- the offsets): the click writers delete older rows (server/clicks/recent-hours.ts), by the index on
-- hour. Written in the same transaction as the other rollups of 002-clicks.sql.
CREATE TABLE click_recent_hours (
  link_id   TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  hour      INTEGER NOT NULL,                   -- floor(at_ms / 3600000): hours since 1970-01-01 UTC
  device    TEXT NOT NULL,
  clicks    INTEGER NOT NULL,
  PRIMARY KEY (link_id, hour, device)
) WITHOUT ROWID;
CREATE INDEX click_recent_hours_by_hour ON click_recent_hours (hour);

-- Filled from the raw clicks of the last 62 days that are still kept (all of them unless
-- --click-retention is shorter), through click_rows (the compact table, and the old-shape one while
-- it is moved). Once, when the service first starts at this version: SQLite reads every raw click
-- kept to find the recent ones (90 days of them by default; measured about a second per million).
INSERT INTO click_recent_hours (link_id, hour, device, clicks)
  SELECT link_id, at_ms / 3600000, device, count(*) FROM click_rows
  WHERE at_ms >= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 62 * 86400000
  GROUP BY link_id, at_ms / 3600000, device;
