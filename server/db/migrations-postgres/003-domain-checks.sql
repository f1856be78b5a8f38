-- As migrations-sqlite/003-domain-checks.sql.
ALTER TABLE domains ADD COLUMN mandatory TEXT COLLATE "C" NOT NULL DEFAULT '{}';
ALTER TABLE domains ADD COLUMN nameservers TEXT COLLATE "C" NOT NULL DEFAULT '[]';
ALTER TABLE domains ADD COLUMN checked_ms BIGINT NOT NULL DEFAULT 0;
