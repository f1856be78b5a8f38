/**
 * "Shorten the links in this text box", decided without the page: the field's
 * text comes as segments (an input's or a textarea's value is one; a rich
 * editor's text nodes are one each, so the markup around them is kept when
 * they are written back), its URLs are found and judged by the same code as the bulk page's
 * (lib/text-links/find-urls.ts, prepare-list.ts: one finder, one set of
 * rules), and once their links are known each segment's new text is made by
 * Replace in text's code (lib/text-links/replace-in-text.ts: only the URLs' spans
 * change, a short link that is not a plain http(s) address is refused).
 *
 * Segments are joined as the user reads them: a line break where a block or
 * a <br> separates two, nothing where inline markup does. A URL that runs
 * over two segments (`https://a.example/<b>path</b>`) is left as written:
 * replacing it would cut through the markup.
 */
import { findUrls, type FoundUrl } from '../text-links/find-urls';
import { prepareList, type PreparedList } from '../text-links/prepare-list';
import { replaceUrls } from '../text-links/replace-in-text';
import { isUsableShortUrl } from '../contract/short-url';

/** More distinct URLs than this and the bulk page takes the text instead: its list shows each one and follows the batch. */
export const FIELD_URLS_MAX = 50;

export interface FieldSegment {
  /** Its place among the field's text nodes (0 for an input's value), so the page finds it again. */
  at: number;
  text: string;
  /** A block's edge or a <br> lies between it and the segment before. */
  breakBefore: boolean;
}

export interface FieldPlan {
  /** The field's text as read, segments joined. */
  text: string;
  /** The URLs found, each within one segment, in order. */
  found: FoundUrl[];
  /** `found` judged and folded (lib/text-links/prepare-list.ts): what is shortened, what is refused. */
  list: PreparedList;
  /** URLs that run over two segments, left as written. */
  split: number;
  /** Each segment's offset in `text`. */
  starts: number[];
  /** More distinct URLs to shorten than FIELD_URLS_MAX. */
  tooMany: boolean;
}

function joined(segments: readonly FieldSegment[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let length = 0;
  const parts = segments.map((segment, i) => {
    const part = i > 0 && segment.breakBefore ? `\n${segment.text}` : segment.text;
    starts.push(length + part.length - segment.text.length);
    length += part.length;
    return part;
  });
  return { text: parts.join(''), starts };
}

/** `ownHosts`: the service's own hosts (a short link to a short link is refused). */
export function planField(segments: readonly FieldSegment[], ownHosts: readonly string[]): FieldPlan {
  const { text, starts } = joined(segments);
  const found: FoundUrl[] = [];
  let split = 0;
  let s = 0;
  for (const url of findUrls(text, 'text')) {
    while (s + 1 < segments.length && starts[s + 1]! <= url.start) s += 1;
    const end = starts[s]! + segments[s]!.text.length;
    if (url.end <= end) found.push(url);
    else split += 1;
  }
  const list = prepareList(found, ownHosts);
  return { text, found, list, split, starts, tooMany: list.valid.length > FIELD_URLS_MAX };
}

export interface FieldChange {
  at: number;
  text: string;
  /** The URLs replaced in it, for an anchor around one that pointed at it (its `href` follows). */
  links: { url: string; short: string }[];
}

export interface FieldResult {
  /** The whole text with its short links, segments joined as read (what is copied when the field cannot be written). */
  text: string;
  /** The segments whose text changed. */
  changes: FieldChange[];
  /** Each segment's text after, for the page to check what it wrote. */
  after: string[];
  replaced: number;
  /** Short links refused by Replace in text's rule. */
  refused: number;
}

/** `shortOf`: the short link made for a URL (in the list's normal form), or undefined when there is none. */
export function applyField(segments: readonly FieldSegment[], plan: FieldPlan, shortOf: (key: string) => string | undefined): FieldResult {
  const changes: FieldChange[] = [];
  const after: string[] = [];
  let replaced = 0;
  let refused = 0;
  let f = 0;
  segments.forEach((segment, i) => {
    const start = plan.starts[i]!;
    const end = start + segment.text.length;
    const spans: { start: number; end: number }[] = [];
    const keys: (string | null)[] = [];
    const links: FieldChange['links'] = [];
    for (; f < plan.found.length && plan.found[f]!.start < end; f += 1) {
      const url = plan.found[f]!;
      const key = plan.list.keys[f] ?? null;
      spans.push({ start: url.start - start, end: url.end - start });
      keys.push(key);
      const short = key === null ? undefined : shortOf(key);
      if (short !== undefined && isUsableShortUrl(short)) links.push({ url: url.url, short });
    }
    const out = replaceUrls(segment.text, spans, keys, shortOf);
    replaced += out.replaced;
    refused += out.refused;
    after.push(out.text);
    if (out.text !== segment.text) changes.push({ at: segment.at, text: out.text, links });
  });
  const text = joined(segments.map((segment, i) => ({ ...segment, text: after[i]! }))).text;
  return { text, changes, after, replaced, refused };
}
