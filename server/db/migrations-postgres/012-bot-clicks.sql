-- As migrations-sqlite/009-bot-clicks.sql: visits by known bots are counted apart, per link, in
-- links.bot_clicks and kept as raw clicks flagged by clicks.bot, in no rollup and not in
-- total_clicks. A column with a constant default rewrites no table (PostgreSQL 11 and later),
-- and on the partitioned clicks it reaches every month's partition, those made later too
-- (010-click-partitions.sql). The flag is the row's last byte: the row keeps its size (its data
-- is padded to 8 bytes either way). Clicks stored before are people's (false), as counted then.
ALTER TABLE links ADD COLUMN bot_clicks BIGINT NOT NULL DEFAULT 0;
ALTER TABLE clicks ADD COLUMN bot BOOLEAN NOT NULL DEFAULT false;
