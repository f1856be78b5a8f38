-- As migrations-sqlite/005-domain-challenge.sql.
CREATE TABLE service_secrets (
  name  TEXT COLLATE "C" PRIMARY KEY,
  value BYTEA NOT NULL
);
