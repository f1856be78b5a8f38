/** Cleaning of visitor-controlled strings before they are stored as click labels. */

export const UNKNOWN = 'Unknown';

/** Longest label stored for a browser, device, platform, country, state or city. */
export const LABEL_MAX_LENGTH = 100;
/** Longest referrer stored when it is not an http(s) URL (apps send `android-app://…`). */
export const REFERRER_MAX_LENGTH = 200;

// C0/C1 controls, DEL, and the bidi overrides that can disguise text in a chart label.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Strips control characters, collapses whitespace, caps the length; '' when nothing is left. */
export function cleanText(value: string | null | undefined, maxLength: number): string {
  if (!value) return '';
  return value.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim().slice(0, maxLength).trim();
}

/**
 * A location label from a trusted proxy header. Some proxies percent-encode
 * non-ASCII names (Vercel's `x-vercel-ip-city: S%C3%A3o%20Paulo`), so they are
 * decoded when that is valid. Cloudflare's "XX" means "no country".
 */
export function locationLabel(value: string | null | undefined): string {
  let text = value ?? '';
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not percent-encoding after all: keep the raw text.
    }
  }
  const clean = cleanText(text, LABEL_MAX_LENGTH);
  return clean === '' || clean === 'XX' ? UNKNOWN : clean;
}

/**
 * What is kept of the Referer header: the origin of an http(s) page (the path
 * can carry private data, and origins are what a chart groups by), else a
 * capped cleaned string, '' when absent.
 */
export function referrerLabel(value: string | null | undefined): string {
  const text = cleanText(value, 2048);
  if (text === '') return '';
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Not a URL: fall through to the capped text.
  }
  return text.slice(0, REFERRER_MAX_LENGTH);
}

/**
 * `referrerLabel` behind a bounded cache: a link shared in one place gets most
 * of its visits from the same few referrers, and parsing each as a URL is
 * most of what labelling a click costs.
 */
export function createReferrerCache(maxEntries = 2000): (referrer: string) => string {
  const cache = new Map<string, string>();
  return (referrer) => {
    let label = cache.get(referrer);
    if (label === undefined) {
      label = referrerLabel(referrer);
      if (cache.size >= maxEntries) cache.clear();
      cache.set(referrer, label);
    }
    return label;
  };
}
