-- Secrets the service keeps for itself, made once per database (server/domains/domain-challenge.ts
-- inserts 'domain-challenge': 32 random bytes, the HMAC key of custom domains' ownership proofs).
-- They never leave the service: no API answer or CLI output contains them.
CREATE TABLE service_secrets (
  name  TEXT PRIMARY KEY,
  value BLOB NOT NULL
) WITHOUT ROWID;

-- From here on domains.mandatory holds the ROUTING record (CNAME, A or ALIAS), answered as
-- `optional` at creation; the answers' `mandatory` is the TXT ownership proof, whose value is
-- derived (never stored), and domains.verify_token keeps a copy of that value for reference.
