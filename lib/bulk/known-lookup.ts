/**
 * "Already shortened" as the bulk page asks it: the background looks the
 * list's URLs up among the workspace's links the extension has seen
 * (lib/background/bulk/bulk-known.ts), as they will be sent (cleaned or not), and
 * says whether it could read the service's newest links too. Without an
 * answer every URL counts as new, and the page says it could not check.
 */
import type { ErrorView, Send } from '../messaging/send-message';

export type KnownCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  /** `seen`: links of the workspace known; `reached`: the service's newest were read just now. */
  | { state: 'checked'; seen: number; reached: boolean }
  /** The background could not be asked, or refused (e.g. no access to the service). */
  | { state: 'failed'; error?: ErrorView };

/** Another profile's link to a URL's page: its name and the short link. */
export interface KnownElsewhere {
  profile: string;
  shortUrl: string;
}

export interface KnownResult {
  known: Record<string, string>;
  /** URLs with no link here but one in another profile (still made here: the page marks them). */
  elsewhere: Record<string, KnownElsewhere>;
  cleaned: Record<string, string>;
  knownCheck: KnownCheck;
}

export const NOTHING_KNOWN: KnownResult = { known: {}, elsewhere: {}, cleaned: {}, knownCheck: { state: 'idle' } };

export async function lookupKnown(send: Send, urls: readonly string[], domain: string, clean: boolean | null): Promise<KnownResult | 'not-configured'> {
  if (urls.length === 0) return NOTHING_KNOWN;
  try {
    const answer = await send('bulkKnown', { urls: [...urls], customDomain: domain === '' ? null : domain, ...(clean === null ? {} : { clean }) });
    if (answer.status === 'not-configured') return 'not-configured';
    if (answer.status === 'error') return { known: {}, elsewhere: {}, cleaned: {}, knownCheck: { state: 'failed', error: answer.error } };
    return {
      known: Object.fromEntries(answer.links.map((l) => [l.url, l.shortUrl])),
      elsewhere: Object.fromEntries((answer.elsewhere ?? []).map((l) => [l.url, { profile: l.profile, shortUrl: l.shortUrl }])),
      cleaned: Object.fromEntries(answer.cleaned.map((c) => [c.url, c.longUrl])),
      knownCheck: { state: 'checked', seen: answer.seen, reached: answer.reached },
    };
  } catch {
    // The background reuses what it knows anyway unless told not to; the page says it could not check.
    return { known: {}, elsewhere: {}, cleaned: {}, knownCheck: { state: 'failed' } };
  }
}
