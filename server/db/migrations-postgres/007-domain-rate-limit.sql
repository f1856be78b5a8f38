-- Custom-domain creation rate limits (server/http/rate-limit-postgres.ts): each creation asks DNS
-- about names the tenant chooses, so it has a token bucket of its own per API token (as
-- rate_buckets has for link creation), shared by every instance.
CREATE TABLE domain_rate_buckets (
  token_id    BIGINT PRIMARY KEY,
  level       DOUBLE PRECISION NOT NULL,
  updated_ms  BIGINT NOT NULL
);
