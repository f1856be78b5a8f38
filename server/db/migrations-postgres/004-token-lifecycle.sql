-- As migrations-sqlite/004-token-lifecycle.sql.
ALTER TABLE tokens ADD COLUMN expires_ms BIGINT;
ALTER TABLE tokens ADD COLUMN revoked_date TEXT COLLATE "C";
