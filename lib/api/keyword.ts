/** Rules for custom keywords (the path of a short link). Shared by the service and the extension. */

export const KEYWORD_MAX_LENGTH = 50;
export const HASH_KEYWORD_LENGTH = 7;
export const KEYWORD_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;

/**
 * Keywords that would shadow the service's own paths on the short domain.
 * The API is served under /api, so "api" can never be a short link.
 * Compared case-insensitively.
 */
export const RESERVED_KEYWORDS: ReadonlySet<string> = new Set([
  'api', 'health', 'healthz', 'status', 'static', 'assets', 'admin', 'login', 'logout',
  'favicon', 'robots', 'well-known', 'app', 'dashboard', 'docs', 'readyz',
]);

export type KeywordProblem = 'INVALID_KEYWORD' | 'RESERVED_KEYWORD';

/** Why a custom keyword cannot be used, or null when it can. */
export function keywordProblem(keyword: string): { code: KeywordProblem; message: string } | null {
  if (!KEYWORD_PATTERN.test(keyword)) {
    return {
      code: 'INVALID_KEYWORD',
      message: `keyword must be 1 to ${KEYWORD_MAX_LENGTH} letters, digits, "-" or "_"`,
    };
  }
  if (RESERVED_KEYWORDS.has(keyword.toLowerCase())) {
    return { code: 'RESERVED_KEYWORD', message: `keyword "${keyword}" is reserved` };
  }
  return null;
}
