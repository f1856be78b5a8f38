/**
 * Every error code the service answers with, in one place. Codes are stable:
 * clients branch on them, so rename none; add new ones at the end of a group.
 * The HTTP status of each is fixed here too (docs/interface.md: 400 for everything
 * it covers; docs/design.md adds 401, 404, 413, 429).
 */
export const ERROR_CODES = {
  // Request shape
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 400,
  VALIDATION_FAILED: 400,
  INVALID_URL: 400,
  INVALID_KEYWORD: 400,
  RESERVED_KEYWORD: 400,
  INVALID_TAG: 400,
  INVALID_DOMAIN: 400,
  INVALID_QUERY: 400,
  // Idempotency
  INVALID_IDEMPOTENCY_KEY: 400,
  IDEMPOTENCY_KEY_REUSED: 400,
  // State and ownership
  WORKSPACE_NOT_GRANTED: 400,
  LINK_NOT_FOUND: 400,
  DOMAIN_NOT_FOUND: 400,
  DOMAIN_NOT_READY: 400,
  DOMAIN_TAKEN: 400,
  // What one workspace may hold (workspace-limits.ts)
  TAG_LIMIT_REACHED: 400,
  DOMAIN_CLAIM_LIMIT_REACHED: 400,
  // Beyond the interface
  UNAUTHORIZED: 401,
  ROUTE_NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
