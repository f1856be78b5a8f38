import type { DestinationMetaData } from '../../lib/contract/schemas/link';
import { decodeHtml } from './decode-html';
import { extractMetadata } from './extract';
import type { HttpGet } from './http-get';
import { resolvePublicHost, type HostLookup } from './resolve-host';

export const MAX_REDIRECTS = 5;

export interface FetchPageOptions {
  allowPrivate: boolean;
  maxBytes: number;
  signal: AbortSignal;
  get: HttpGet;
  lookup: HostLookup;
}

const HEADERS = {
  // An honest name: sites can tell a preview fetch from a visitor.
  'User-Agent': 'Mozilla/5.0 (compatible; ShortlinkPreview/1.0; link metadata)',
  Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
};

/** Rejects when `signal` aborts: DNS look-ups cannot be cancelled, but the fetcher need not wait for one. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The metadata of the page at `start`, following up to 5 redirects by hand so
 * each hop's scheme and addresses are checked before it is fetched. Throws
 * (with a reason worth logging) when the page cannot be read; a page that is
 * not HTML gives no metadata.
 */
export async function fetchPageMetadata(start: string, options: FetchPageOptions): Promise<DestinationMetaData> {
  let url = new URL(start);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`refusing to fetch ${url.protocol} URL`);
    const addresses = options.allowPrivate ? null : await abortable(resolvePublicHost(url.hostname, options.lookup), options.signal);
    const answer = await options.get(url, { signal: options.signal, maxBytes: options.maxBytes, addresses, headers: HEADERS });
    if (answer.status >= 300 && answer.status < 400 && answer.location !== null) {
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new Error(`HTTP ${answer.status} from ${url.origin}`);
    if (!/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(answer.contentType)) return {};
    return extractMetadata(decodeHtml(answer.body, answer.contentType), url);
  }
  throw new Error(`more than ${MAX_REDIRECTS} redirects`);
}
