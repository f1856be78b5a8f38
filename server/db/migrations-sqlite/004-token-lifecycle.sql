-- Tokens can expire and be revoked (`token --expires`, `token revoke ID`).
-- expires_ms: epoch ms after which the token is refused; NULL = never expires.
-- revoked_date: ISO time of `token revoke`; NULL = not revoked. Revoked rows are
-- kept so `token list` still shows them (and their ids are never reused).
ALTER TABLE tokens ADD COLUMN expires_ms INTEGER;
ALTER TABLE tokens ADD COLUMN revoked_date TEXT;
