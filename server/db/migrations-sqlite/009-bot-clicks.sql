-- Visits by bots, crawlers and link-preview fetchers (server/clicks/bot-check.ts) get their
-- redirect but are not clicks: they are in no rollup and not in links.total_clicks, so analytics
-- count people. They are counted apart, per link, in links.bot_clicks (the analytics answer's
-- botClicks), and kept as raw clicks flagged by clicks.bot (1), so `clicks export` lists them
-- marked. Both columns are added with a constant default: SQLite writes no row for it, and every
-- click stored before is a person's (0), as it was counted then. click_rows is left as it is: it
-- lists every raw click, bots' too.
ALTER TABLE links ADD COLUMN bot_clicks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE clicks ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
