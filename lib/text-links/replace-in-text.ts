/**
 * Replace in text: the text the user gave, every URL that was shortened
 * replaced by its short link, and nothing else changed: every character
 * outside the URLs' spans is copied as it was, so the result differs from
 * the text byte for byte only where a URL stood. A URL that was refused, or
 * has no link yet, stays as written; so does one whose short link is not a
 * plain http(s) address (lib/contract/short-url.ts): a link kept from before
 * the API client checked them is refused here too, and counted.
 */
import { isUsableShortUrl } from '../contract/short-url';

export interface Span {
  start: number;
  end: number;
}

/** `keys[i]`: the normal form of `spans[i]`'s URL, or null when it was refused (./prepare-list.ts). */
export function replaceUrls(
  text: string,
  spans: readonly Span[],
  keys: readonly (string | null)[],
  shortOf: (key: string) => string | undefined,
): { text: string; replaced: number; refused: number } {
  const parts: string[] = [];
  let at = 0;
  let replaced = 0;
  let refused = 0;
  // One verdict per short link: a text may repeat one URL tens of thousands of times.
  const usable = new Map<string, boolean>();
  spans.forEach((span, i) => {
    const key = keys[i];
    const short = key === null || key === undefined ? undefined : shortOf(key);
    // Spans come in order and never overlap (./find-urls.ts); one that would is left alone.
    if (short === undefined || span.start < at) return;
    let ok = usable.get(short);
    if (ok === undefined) {
      ok = isUsableShortUrl(short);
      usable.set(short, ok);
    }
    if (!ok) {
      refused += 1;
      return;
    }
    parts.push(text.slice(at, span.start), short);
    at = span.end;
    replaced += 1;
  });
  parts.push(text.slice(at));
  return { text: parts.join(''), replaced, refused };
}
