-- Core records: workspaces, tokens, links, tags, custom domains, idempotency, tracking events.
-- Times are ISO 8601 UTC strings (createdDate on the wire) unless named *_ms (epoch milliseconds).

CREATE TABLE workspaces (
  id           TEXT PRIMARY KEY,
  created_date TEXT NOT NULL
) WITHOUT ROWID;

-- Only a SHA-256 hash of each token is stored; the token itself is shown once by the CLI.
CREATE TABLE tokens (
  id           INTEGER PRIMARY KEY,
  hash         BLOB NOT NULL UNIQUE,
  name         TEXT NOT NULL,
  created_date TEXT NOT NULL
);

CREATE TABLE token_workspaces (
  token_id     INTEGER NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  PRIMARY KEY (token_id, workspace_id)
) WITHOUT ROWID;

CREATE TABLE domains (
  id               TEXT PRIMARY KEY,
  workspace_id     TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  domain           TEXT NOT NULL UNIQUE,       -- lower-case ASCII (punycode)
  is_sub_domain    INTEGER NOT NULL,
  verify_token     TEXT NOT NULL,              -- value of the optional TXT record
  domain_setupped  INTEGER NOT NULL DEFAULT 0,
  dns_configured   INTEGER NOT NULL DEFAULT 0,
  ssl_configured   INTEGER NOT NULL DEFAULT 0,
  ping_verified    INTEGER NOT NULL DEFAULT 0,
  http_to_https    INTEGER NOT NULL DEFAULT 0,
  created_date     TEXT NOT NULL
);
CREATE INDEX domains_by_workspace ON domains (workspace_id, created_date);

-- domain = '' means the service's default short domain, so (domain, keyword) is the
-- redirect's lookup key and is unique.
CREATE TABLE links (
  id            TEXT PRIMARY KEY,
  workspace_id  TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  domain        TEXT NOT NULL DEFAULT '',
  keyword       TEXT NOT NULL,
  long_url      TEXT NOT NULL,
  active        INTEGER NOT NULL DEFAULT 1,
  tags          TEXT NOT NULL DEFAULT '[]',    -- JSON array of tag names
  total_clicks  INTEGER NOT NULL DEFAULT 0,
  metadata      TEXT NOT NULL DEFAULT '{}',    -- JSON destinationUrlMetaData
  created_by    TEXT NOT NULL,
  modified_by   TEXT NOT NULL,
  created_date  TEXT NOT NULL,
  UNIQUE (domain, keyword)
);
CREATE INDEX links_by_workspace_created ON links (workspace_id, created_date);
CREATE INDEX links_by_workspace_long_url ON links (workspace_id, long_url);

CREATE TABLE tags (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  created_date TEXT NOT NULL,
  PRIMARY KEY (workspace_id, name)
) WITHOUT ROWID;

-- First answer to a POST carrying Idempotency-Key, replayed for 24 h.
CREATE TABLE idempotency (
  workspace_id  TEXT NOT NULL,
  key           TEXT NOT NULL,
  request_hash  TEXT NOT NULL,                 -- SHA-256 of method, path and body
  status        INTEGER NOT NULL,
  response      TEXT NOT NULL,
  created_ms    INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_by_age ON idempotency (created_ms);

CREATE TABLE events (
  id                INTEGER PRIMARY KEY,
  workspace_id      TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  link_id           TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  kind              TEXT NOT NULL CHECK (kind IN ('lead', 'sale')),
  event_name        TEXT NOT NULL,
  customer_id       TEXT NOT NULL,
  customer_name     TEXT,
  customer_email    TEXT,
  metadata          TEXT,                      -- JSON object
  amount            INTEGER,                   -- minor units, sales only
  currency          TEXT,
  invoice_id        TEXT,
  payment_processor TEXT,
  created_date      TEXT NOT NULL
);
CREATE INDEX events_by_link ON events (link_id, created_date);
