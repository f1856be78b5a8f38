-- What several instances on one database share (PostgreSQL only: SQLite serves one process).

-- Redirect caches: every instance LISTENs on 'shortlink_redirect' and empties its cache when a
-- link's address or destination, or a custom domain, changes or goes. The same columns as
-- SQLite's TEMP triggers (sqlite-database.ts): click totals and metadata do not empty caches.
CREATE FUNCTION shortlink_redirect_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shortlink_redirect', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
CREATE TRIGGER links_redirect_update AFTER UPDATE OF domain, keyword, long_url, active ON links
  FOR EACH STATEMENT EXECUTE FUNCTION shortlink_redirect_notify();
CREATE TRIGGER links_redirect_delete AFTER DELETE ON links
  FOR EACH STATEMENT EXECUTE FUNCTION shortlink_redirect_notify();
CREATE TRIGGER domains_redirect_update AFTER UPDATE ON domains
  FOR EACH STATEMENT EXECUTE FUNCTION shortlink_redirect_notify();
CREATE TRIGGER domains_redirect_delete AFTER DELETE ON domains
  FOR EACH STATEMENT EXECUTE FUNCTION shortlink_redirect_notify();

-- Link-creation rate limits (server/http/rate-limit-postgres.ts): one token bucket per API
-- token, shared by every instance, so N instances do not allow N times the limit.
CREATE TABLE rate_buckets (
  token_id    BIGINT PRIMARY KEY,
  level       DOUBLE PRECISION NOT NULL,
  updated_ms  BIGINT NOT NULL
);
