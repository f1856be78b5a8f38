-- Test fixture: server/db/migrations-sqlite/007-compact-clicks.sql as commit c315d2b released it, before it was changed;
-- databases migrated then still have its schema (test/server/migrations-keep-clicks.test.ts). It copied the stored clicks into the compact table and made no clicks_legacy.
-- Compact raw clicks (issue "clicks at scale"): a raw click held its link's text id and six
-- label strings, about 130 bytes a click with its index. Now each label is a small integer from a
-- lookup table and the link is its integer number, about 45 bytes (docs/performance.md, "Clicks
-- storage"). Every dimension of a click is kept; the view click_rows reads them as before.
--
-- links.seq: the link's integer number, what raw clicks refer to. Given by the trigger below to
-- every new link (the highest number plus one; a number freed by a deleted link, whose raw clicks
-- went with it, may be given again). Existing links keep their rowid as their number.
ALTER TABLE links ADD COLUMN seq INTEGER;
UPDATE links SET seq = rowid;
CREATE UNIQUE INDEX links_by_seq ON links (seq);
CREATE TRIGGER links_number AFTER INSERT ON links WHEN NEW.seq IS NULL
BEGIN
  UPDATE links SET seq = (SELECT coalesce(max(seq), 0) + 1 FROM links) WHERE rowid = NEW.rowid;
END;

-- Labels, each stored once. Rows are never deleted, so an id, once given, keeps its meaning
-- (the click writer caches them: server/clicks/label-ids.ts).
CREATE TABLE label_browsers (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE label_devices (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE label_platforms (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE label_referrers (id INTEGER PRIMARY KEY, origin TEXT NOT NULL UNIQUE);   -- '' = none
CREATE TABLE label_places (
  id       INTEGER PRIMARY KEY,
  country  TEXT NOT NULL,
  state    TEXT NOT NULL,
  city     TEXT NOT NULL,
  UNIQUE (country, state, city)
);

INSERT INTO label_browsers (name) SELECT DISTINCT browser FROM clicks ORDER BY 1;
INSERT INTO label_devices (name) SELECT DISTINCT device FROM clicks ORDER BY 1;
INSERT INTO label_platforms (name) SELECT DISTINCT platform FROM clicks ORDER BY 1;
INSERT INTO label_referrers (origin) SELECT DISTINCT referrer FROM clicks ORDER BY 1;
INSERT INTO label_places (country, state, city) SELECT DISTINCT country, state, city FROM clicks ORDER BY 1, 2, 3;

-- Integers take 0 to 6 bytes in a SQLite record (ids 0 and 1 take none); time stays epoch
-- milliseconds, UTC. Only the link has a foreign key: labels are never deleted.
CREATE TABLE clicks_compact (
  id        INTEGER PRIMARY KEY,
  link      INTEGER NOT NULL REFERENCES links(seq) ON DELETE CASCADE,
  at_ms     INTEGER NOT NULL,
  browser   INTEGER NOT NULL,
  device    INTEGER NOT NULL,
  platform  INTEGER NOT NULL,
  referrer  INTEGER NOT NULL,
  place     INTEGER NOT NULL
);
INSERT INTO clicks_compact (id, link, at_ms, browser, device, platform, referrer, place)
  SELECT c.id, l.seq, c.at_ms, b.id, d.id, p.id, r.id, pl.id
  FROM clicks c
  JOIN links l ON l.id = c.link_id
  JOIN label_browsers b ON b.name = c.browser
  JOIN label_devices d ON d.name = c.device
  JOIN label_platforms p ON p.name = c.platform
  JOIN label_referrers r ON r.origin = c.referrer
  JOIN label_places pl ON pl.country = c.country AND pl.state = c.state AND pl.city = c.city
  ORDER BY c.id;
DROP TABLE clicks;
ALTER TABLE clicks_compact RENAME TO clicks;
-- A link's clicks by time: ON DELETE CASCADE, pruning (link by link) and export read it.
CREATE INDEX clicks_by_link_time ON clicks (link, at_ms);

-- Raw clicks as they read before: the link's text id and every label as text.
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
