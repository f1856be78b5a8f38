/**
 * A bulk request's URLs as the batch will hold them, judged again here (a
 * page is not trusted): invalid URLs are never sent, and a URL written twice
 * is one entry. Each is planned as a single link is made (cleaning, the
 * first matching site rule and its template: lib/site-rules/link-plan.ts).
 */
import { emptyCounts, type BulkCounts, type BulkItem } from '../../batch/batch-types';
import { checkDestinationUrl } from '../../contract/url';
import type { RequestOf } from '../../messaging/send-message';
import { planLink } from '../../site-rules/link-plan';
import type { LinkSetup } from '../../site-rules/link-setup';
import type { Preferences } from '../../storage/settings';
import { normaliseTags } from '../links/shorten';

export type BulkEntry = Pick<BulkItem, 'url' | 'title' | 'longUrl' | 'customDomain' | 'tags'>;

export interface EntryContext {
  /** The service's own host: a URL to it is refused (it would redirect through the service). */
  ownHost: string;
  setup: LinkSetup;
  prefs: Preferences;
  /** The workspace's listed tags, for a rule's tags; asked only when a rule has tags and the request none. */
  listedTags: () => Promise<readonly string[]>;
}

export async function bulkEntries(request: RequestOf<'bulkStart'>, ctx: EntryContext): Promise<Map<string, BulkEntry>> {
  const own = [ctx.ownHost];
  const entries = new Map<string, BulkEntry>();
  const { setup, prefs } = ctx;
  const listedNow = setup.rules.some((rule) => rule.tags !== undefined) && request.tags === undefined ? await ctx.listedTags() : [];
  for (const entry of request.entries) {
    const verdict = checkDestinationUrl(entry.url, own);
    if (!verdict.ok || entries.has(verdict.url)) continue;
    const plan = planLink(verdict.url, setup, prefs, request.clean === undefined ? {} : { clean: request.clean });
    const planned = checkDestinationUrl(plan.longUrl, own);
    const ruleTags = request.tags === undefined && plan.rule?.tags !== undefined ? normaliseTags(plan.rule.tags, listedNow) : null;
    entries.set(verdict.url, {
      url: verdict.url,
      ...(entry.title ? { title: entry.title } : {}),
      ...(planned.ok && planned.url !== verdict.url ? { longUrl: planned.url } : {}),
      ...(request.customDomain === undefined && plan.rule?.domain !== undefined ? { customDomain: plan.rule.domain || null } : {}),
      ...(ruleTags !== null && !('code' in ruleTags) ? { tags: ruleTags } : {}),
    });
  }
  return entries;
}

/** The batch's items in their order, each with its own idempotency key: reused (with its link) or waiting; and their counts. */
export function bulkItems(
  entries: Iterable<BulkEntry>,
  reused: readonly ({ shortUrl: string; linkId: string } | null | undefined)[],
  newId: () => string,
): { items: BulkItem[]; counts: BulkCounts } {
  const counts = emptyCounts();
  const items = [...entries].map((entry, index) => {
    const link = reused[index] ?? null;
    const item: BulkItem = { index, ...entry, key: newId(), state: link === null ? 'waiting' : 'reused', rev: 1 };
    if (link !== null) Object.assign(item, { shortUrl: link.shortUrl, linkId: link.linkId });
    counts[item.state] += 1;
    return item;
  });
  return { items, counts };
}
