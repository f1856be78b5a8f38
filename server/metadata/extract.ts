import type { DestinationMetaData } from '../../lib/contract/schemas/link';
import { cleanText } from '../clicks/sanitize';
import { scanHead, type HeadTag } from './html-head';

/** Longest stored value per field; previews show a line or two. */
const CAPS = { title: 300, description: 1000, author: 200, publisher: 200, url: 2048, metaTags: 4096, metaValue: 300 };

function text(raw: string | null | undefined, max: number): string | undefined {
  return cleanText(raw ?? '', max) || undefined;
}

/** An absolute http(s) URL for `raw` resolved against the page's final URL, or undefined. */
function httpUrl(raw: string | undefined, base: URL): string | undefined {
  const value = cleanText(raw ?? '', CAPS.url);
  if (!value) return undefined;
  try {
    const url = new URL(value, base);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.href.length <= CAPS.url) return url.href;
  } catch {
    // Not a URL: nothing to keep.
  }
  return undefined;
}

/** An ISO 8601 date-time (the wire type of `date`), or undefined when the page's date does not parse. */
function isoDate(raw: string | undefined): string | undefined {
  const value = text(raw, 100);
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Meta tags keyed by name, property or itemprop (lower-cased); the first of each key wins. */
function metaContents(tags: readonly HeadTag[]): Map<string, string> {
  const metas = new Map<string, string>();
  for (const tag of tags) {
    if (tag.name !== 'meta') continue;
    const key = tag.attributes.get('property') ?? tag.attributes.get('name') ?? tag.attributes.get('itemprop');
    const content = tag.attributes.get('content');
    if (key === undefined || content === undefined) continue;
    const lowerKey = key.trim().toLowerCase();
    if (lowerKey && !metas.has(lowerKey)) metas.set(lowerKey, content);
  }
  return metas;
}

/** href of the first <link> whose rel list holds one of `rels`, in the order of `rels`. */
function linkHref(tags: readonly HeadTag[], rels: readonly string[]): string | undefined {
  for (const rel of rels) {
    for (const tag of tags) {
      if (tag.name !== 'link') continue;
      const list = (tag.attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = tag.attributes.get('href');
      if (href && list.includes(rel)) return href;
    }
  }
  return undefined;
}

/** The meta name/content pairs as compact JSON, whole pairs only, within CAPS.metaTags characters. */
function metaTagsJson(metas: ReadonlyMap<string, string>): string | undefined {
  const pairs: Record<string, string> = {};
  let json = '{}';
  for (const [key, raw] of metas) {
    const value = text(raw, CAPS.metaValue);
    const name = cleanText(key, 100);
    if (!value || !name) continue;
    pairs[name] = value;
    const next = JSON.stringify(pairs);
    if (next.length > CAPS.metaTags) {
      delete pairs[name];
      break;
    }
    json = next;
  }
  return json === '{}' ? undefined : json;
}

/**
 * destinationUrlMetaData from a page's HTML: Open Graph first, then Twitter
 * cards, then plain HTML. Only fields found are set; URLs are absolute
 * (resolved against `pageUrl`, the URL after redirects) and http(s) only.
 */
export function extractMetadata(html: string, pageUrl: URL): DestinationMetaData {
  const head = scanHead(html);
  const metas = metaContents(head.tags);
  const first = (...keys: string[]) => keys.map((k) => metas.get(k)).find((v) => v !== undefined && v.trim() !== '');
  const found: DestinationMetaData = {
    title: text(first('og:title', 'twitter:title') ?? head.title, CAPS.title),
    description: text(first('og:description', 'description', 'twitter:description'), CAPS.description),
    image: httpUrl(first('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src') ?? linkHref(head.tags, ['image_src']), pageUrl),
    logo: httpUrl(linkHref(head.tags, ['apple-touch-icon', 'icon']) ?? first('og:logo'), pageUrl),
    author: text(first('author', 'article:author', 'twitter:creator', 'dc.creator'), CAPS.author),
    publisher: text(first('og:site_name', 'publisher', 'application-name'), CAPS.publisher),
    date: isoDate(first('article:published_time', 'datepublished', 'date', 'dc.date', 'pubdate', 'og:updated_time', 'article:modified_time')),
    url: httpUrl(linkHref(head.tags, ['canonical']) ?? first('og:url'), pageUrl),
    metaTags: metaTagsJson(metas),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined));
}
