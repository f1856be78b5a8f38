import { HASH_KEYWORD_LENGTH, KEYWORD_MAX_LENGTH, keywordProblem } from '../../lib/contract/keyword';
import type { CreateLinkData, KeywordType } from '../../lib/contract/schemas';
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
 * Creates links. Runs inside the transaction that also stores the idempotent
 * answer. A keyword is taken by inserting it (insertUnlessTaken): two
 * requests, on one instance or two, asking for the same keyword at once
 * create it once; the other is answered keyWordExist (CUSTOM) or draws
 * another keyword (HASH).
 */
export function createLinkWriter(ctx: AppContext): (link: NewLink) => Promise<CreateLinkData> {
  const { db, config } = ctx;
  const isTaken = async (domain: string, keyword: string): Promise<boolean> =>
    (await db.get('SELECT 1 FROM links WHERE domain = ? AND keyword = ?', [domain, keyword])) !== undefined;
  /**
   * Inserts the link unless its (domain, keyword) is taken; true when inserted. A keyword
   * another transaction is inserting at the same moment (another instance that drew the
   * same random keyword) waits for that transaction, then counts as taken: no unique-index
   * error reaches the user. One statement, where a check and an insert took two.
   */
  const insertUnlessTaken = async (id: string, link: NewLink, keyword: string): Promise<boolean> =>
    (
      await db.run(
        `INSERT INTO links (id, workspace_id, domain, keyword, long_url, created_by, modified_by, created_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (domain, keyword) DO NOTHING`,
        [id, link.workspaceId, link.domain, keyword, link.longUrl, link.by, link.by, ctx.now().toISOString()],
      )
    ).changes === 1;
  const isFree = async (domain: string, keyword: string): Promise<boolean> =>
    keywordProblem(keyword) === null && !(await isTaken(domain, keyword));

  /** Free variants of a taken keyword: `kw-1`, `kw-2`, … then random suffixes, each checked free now. */
  async function recommend(domain: string, keyword: string): Promise<string[]> {
    const found: string[] = [];
    const consider = async (suffix: string): Promise<void> => {
      const candidate = `${keyword.slice(0, KEYWORD_MAX_LENGTH - suffix.length)}${suffix}`;
      if (found.length < RECOMMENDATIONS && !found.includes(candidate) && (await isFree(domain, candidate))) found.push(candidate);
    };
    for (let n = 1; n <= 20 && found.length < RECOMMENDATIONS; n += 1) await consider(`-${n}`);
    for (let i = 0; i < 20 && found.length < RECOMMENDATIONS; i += 1) await consider(`-${randomBase62(4)}`);
    return found.map((kw) => shortUrl(config, domain, kw));
  }

  return async (link) => {
    const none = { linkId: '', shortUrl: '', recommendedUrls: [], keyWordExist: false, failToGenerateHash: false };
    const id = newId();
    if (link.keywordType === 'HASH') {
      for (let i = 0; i < HASH_ATTEMPTS; i += 1) {
        const candidate = randomBase62(HASH_KEYWORD_LENGTH);
        if (keywordProblem(candidate) === null && (await insertUnlessTaken(id, link, candidate))) {
          return { ...none, linkId: id, shortUrl: shortUrl(config, link.domain, candidate) };
        }
      }
      return { ...none, failToGenerateHash: true };
    }
    const keyword = link.keyword ?? '';
    if (!(await insertUnlessTaken(id, link, keyword))) {
      return { ...none, keyWordExist: true, recommendedUrls: await recommend(link.domain, keyword) };
    }
    return { ...none, linkId: id, shortUrl: shortUrl(config, link.domain, keyword) };
  };
}
