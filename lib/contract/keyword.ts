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

/**
 * Which rule a refused keyword breaks, so the page can say exactly what to
 * change (the service answers with the code alone). Checked in this order:
 * a 60-character keyword with a space is first of all too long.
 */
export type KeywordReason = 'empty' | 'too-long' | 'spaces' | 'slash' | 'non-ascii' | 'characters' | 'reserved';

/** Why a custom keyword cannot be used, or null when it can. */
export function keywordProblem(keyword: string): { code: KeywordProblem; reason: KeywordReason; message: string } | null {
  if (!KEYWORD_PATTERN.test(keyword)) {
    return {
      code: 'INVALID_KEYWORD',
      reason: patternReason(keyword),
      message: `keyword must be 1 to ${KEYWORD_MAX_LENGTH} letters, digits, "-" or "_"`,
    };
  }
  if (RESERVED_KEYWORDS.has(keyword.toLowerCase())) {
    return { code: 'RESERVED_KEYWORD', reason: 'reserved', message: `keyword "${keyword}" is reserved` };
  }
  return null;
}

function patternReason(keyword: string): KeywordReason {
  if (keyword === '') return 'empty';
  // Counted as the user sees characters (code points): an emoji is one, not two.
  if ([...keyword].length > KEYWORD_MAX_LENGTH) return 'too-long';
  if (/\s/.test(keyword)) return 'spaces';
  if (/[/\\]/.test(keyword)) return 'slash';
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(keyword)) return 'non-ascii';
  return 'characters';
}
