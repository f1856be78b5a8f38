-- What the API remembers about a custom domain's DNS between checks.
-- mandatory: JSON DNS record descriptor given at creation (configDetails.mandatory).
-- nameservers: JSON array from the last NS lookup of the apex.
-- checked_ms: epoch ms of the last verification, so listing re-checks at most once a minute.
ALTER TABLE domains ADD COLUMN mandatory TEXT NOT NULL DEFAULT '{}';
ALTER TABLE domains ADD COLUMN nameservers TEXT NOT NULL DEFAULT '[]';
ALTER TABLE domains ADD COLUMN checked_ms INTEGER NOT NULL DEFAULT 0;
