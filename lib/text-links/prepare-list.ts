/**
 * The list before anything is sent: the URLs found in a text, judged by the
 * service's rules (lib/contract/url.ts: http(s) only, at most 2,048
 * characters, no credentials, not the service's own host) and folded by the
 * link cache's normal form (lib/storage/keys.ts, `cacheKeyOf`: the parsed
 * href), so `HTTPS://Example.com` and `https://example.com/` are one entry,
 * shortened once. A refused URL is listed with its reason and never sent.
 *
 * Built in steps (`add` a slice, then `result`), so a page can judge a
 * hundred thousand URLs between frames; the background builds the same list
 * in one go.
 */
import { checkDestinationUrl, type UrlProblem } from '../contract/url';
import type { FoundUrl } from './find-urls';
import { MAX_BATCH_URLS } from '../batch/limits';

/** A valid, distinct URL: what one item of the batch makes. */
export interface ListEntry {
  /** The normal form: the URL sent, and the cache's key for it. */
  url: string;
  /** The line of its first occurrence. */
  line: number;
  /** How many times the text has it (2 or more: duplicates folded into this entry). */
  count: number;
}

export interface RefusedEntry {
  /** As the text wrote it (references decoded in HTML), cut to a length a row can show. */
  text: string;
  line: number;
  problem: UrlProblem;
  count: number;
}

export interface PreparedList {
  valid: ListEntry[];
  refused: RefusedEntry[];
  /** Occurrences folded into an earlier one, valid or refused. */
  duplicates: number;
  /** More valid, distinct URLs than a batch takes: nothing may be sent. */
  tooMany: boolean;
  /** Each occurrence's normal form when valid (null when refused), in the order found: for Replace in text. */
  keys: (string | null)[];
}

/** A refused URL shown in a row: long ones (a `data:` image) are cut. */
const SHOWN_MAX = 300;

export interface ListBuilder {
  add(found: readonly FoundUrl[]): void;
  result(): PreparedList;
}

/** `ownHosts`: the service's own short domains (a short link to a short link is refused). */
export function createListBuilder(ownHosts: readonly string[]): ListBuilder {
  const valid = new Map<string, ListEntry>();
  const refused = new Map<string, RefusedEntry>();
  const keys: (string | null)[] = [];
  let duplicates = 0;
  return {
    add(found) {
      for (const occurrence of found) {
        const verdict = occurrence.cut ? ({ ok: false, problem: 'too-long' } as const) : checkDestinationUrl(occurrence.url, ownHosts);
        if (verdict.ok) {
          keys.push(verdict.url);
          const known = valid.get(verdict.url);
          if (known === undefined) valid.set(verdict.url, { url: verdict.url, line: occurrence.line, count: 1 });
          else {
            known.count += 1;
            duplicates += 1;
          }
          continue;
        }
        keys.push(null);
        const known = refused.get(occurrence.url);
        if (known === undefined) {
          refused.set(occurrence.url, { text: occurrence.url.slice(0, SHOWN_MAX), line: occurrence.line, problem: verdict.problem, count: 1 });
        } else {
          known.count += 1;
          duplicates += 1;
        }
      }
    },
    result() {
      return { valid: [...valid.values()], refused: [...refused.values()], duplicates, tooMany: valid.size > MAX_BATCH_URLS, keys: [...keys] };
    },
  };
}

/** The list of `found` in one go. */
export function prepareList(found: readonly FoundUrl[], ownHosts: readonly string[]): PreparedList {
  const builder = createListBuilder(ownHosts);
  builder.add(found);
  return builder.result();
}
