-- Clicks on short links, and the rollups that make a link's analytics fast.
--
-- Budget (DESIGN.md): the whole analytics answer for one link with 1,000,000
-- clicks in at most 200 ms. Grouping the raw rows once per block (six or more
-- GROUP BYs over 1M rows) takes seconds, and covering indexes per dimension
-- still scan a million index entries per block. So the analytics read only
-- small rollup tables, maintained by the click recorder in the SAME
-- transaction as the batched raw insert (server/clicks/flush-batch.ts), so
-- they never disagree with `clicks` or with links.total_clicks:
--
--   click_daily        per link, UTC day, device, platform: at most
--                      days x devices x platforms rows (about 6k for 400 days)
--                      -> daywise devices, 30-day trends, 12-month platforms,
--                         device and platform totals
--   click_hours        per link, UTC hour of day (0..23): 24 rows
--   click_browsers     per link, browser: a handful of rows
--   click_places       per link, country, state, city: one row per place seen
--                      -> countries, states, cities, drop-downs, Indian states
--
-- Rollups are keyed by their whole key (WITHOUT ROWID, primary key first on
-- link_id), so each block is one range scan of one link's rows. Measured by
-- test/bench/analytics.bench.ts on 2 shared cores: the whole answer for a link
-- with 1,000,000 clicks in about 25 ms (median), where ONE grouped count over
-- its raw rows took about 3.5 s.
--
-- `clicks` keeps every visit (the record the rollups can be rebuilt from);
-- analytics never scan it. Time is epoch milliseconds, UTC.
--
-- Deleting a link deletes its clicks and rollups (ON DELETE CASCADE; every
-- table's key starts with link_id, so the cascade is an index range delete).

CREATE TABLE clicks (
  id        INTEGER PRIMARY KEY,
  link_id   TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  at_ms     INTEGER NOT NULL,
  browser   TEXT NOT NULL,
  device    TEXT NOT NULL,
  platform  TEXT NOT NULL,
  country   TEXT NOT NULL,
  state     TEXT NOT NULL,
  city      TEXT NOT NULL,
  referrer  TEXT NOT NULL DEFAULT ''            -- origin of the referring page, '' when none
);
CREATE INDEX clicks_by_link_time ON clicks (link_id, at_ms);

CREATE TABLE click_daily (
  link_id   TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  day       INTEGER NOT NULL,                   -- floor(at_ms / 86400000): days since 1970-01-01 UTC
  device    TEXT NOT NULL,
  platform  TEXT NOT NULL,
  clicks    INTEGER NOT NULL,
  PRIMARY KEY (link_id, day, device, platform)
) WITHOUT ROWID;

CREATE TABLE click_hours (
  link_id   TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  hour      INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),   -- UTC hour of day
  clicks    INTEGER NOT NULL,
  PRIMARY KEY (link_id, hour)
) WITHOUT ROWID;

CREATE TABLE click_browsers (
  link_id   TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  browser   TEXT NOT NULL,
  clicks    INTEGER NOT NULL,
  PRIMARY KEY (link_id, browser)
) WITHOUT ROWID;

CREATE TABLE click_places (
  link_id   TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  country   TEXT NOT NULL,
  state     TEXT NOT NULL,
  city      TEXT NOT NULL,
  clicks    INTEGER NOT NULL,
  PRIMARY KEY (link_id, country, state, city)
) WITHOUT ROWID;
