import { HASH_KEYWORD_LENGTH, KEYWORD_MAX_LENGTH, keywordProblem } from '../../lib/api/keyword';
import type { CreateLinkData, KeywordType } from '../../lib/api/schemas';
import type { AppContext } from '../context';
import { newId, randomBase62 } from './random-keyword';
import { shortUrl } from './short-url';

/** Tries at a free random keyword before answering failToGenerateHash (62^7 keywords: a miss means a full table). */
const HASH_ATTEMPTS = 5;
const RECOMMENDATIONS = 3;

export interface NewLink {
  workspaceId: string;
  keywordType: KeywordType;
  /** Already checked and normalised by checkDestinationUrl. */
  longUrl: string;
  /** '' for the service's own domain, else a set-up custom domain of the workspace. */
  domain: string;
  /** Already checked against the keyword rules (CUSTOM only). */
  keyword: string | undefined;
  /** Token name, for createdBy / modifiedBy. */
  by: string;
}

/**
 * Creates links. Synchronous on purpose: it runs inside the transaction that
 * also stores the idempotent answer, so the "is this keyword free" check and
 * the insert cannot be split by another request.
 */
export function createLinkWriter(ctx: AppContext): (link: NewLink) => CreateLinkData {
  const { db, config } = ctx;
  const takenStmt = db.prepare<[string, string], number>('SELECT 1 FROM links WHERE domain = ? AND keyword = ?').pluck();
  const insert = db.prepare(
    `INSERT INTO links (id, workspace_id, domain, keyword, long_url, created_by, modified_by, created_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const isTaken = (domain: string, keyword: string): boolean => takenStmt.get(domain, keyword) !== undefined;
  const isFree = (domain: string, keyword: string): boolean => keywordProblem(keyword) === null && !isTaken(domain, keyword);

  function pickHash(domain: string): string | null {
    for (let i = 0; i < HASH_ATTEMPTS; i += 1) {
      const candidate = randomBase62(HASH_KEYWORD_LENGTH);
      if (isFree(domain, candidate)) return candidate;
    }
    return null;
  }

  /** Free variants of a taken keyword: `kw-1`, `kw-2`, … then random suffixes, each checked free now. */
  function recommend(domain: string, keyword: string): string[] {
    const found: string[] = [];
    const consider = (suffix: string): void => {
      const candidate = `${keyword.slice(0, KEYWORD_MAX_LENGTH - suffix.length)}${suffix}`;
      if (found.length < RECOMMENDATIONS && !found.includes(candidate) && isFree(domain, candidate)) found.push(candidate);
    };
    for (let n = 1; n <= 20 && found.length < RECOMMENDATIONS; n += 1) consider(`-${n}`);
    for (let i = 0; i < 20 && found.length < RECOMMENDATIONS; i += 1) consider(`-${randomBase62(4)}`);
    return found.map((kw) => shortUrl(config, domain, kw));
  }

  return (link) => {
    const none = { linkId: '', shortUrl: '', recommendedUrls: [], keyWordExist: false, failToGenerateHash: false };
    let keyword: string;
    if (link.keywordType === 'HASH') {
      const picked = pickHash(link.domain);
      if (picked === null) return { ...none, failToGenerateHash: true };
      keyword = picked;
    } else {
      keyword = link.keyword ?? '';
      if (isTaken(link.domain, keyword)) {
        return { ...none, keyWordExist: true, recommendedUrls: recommend(link.domain, keyword) };
      }
    }
    const id = newId();
    insert.run(id, link.workspaceId, link.domain, keyword, link.longUrl, link.by, link.by, ctx.now().toISOString());
    return { ...none, linkId: id, shortUrl: shortUrl(config, link.domain, keyword) };
  };
}
