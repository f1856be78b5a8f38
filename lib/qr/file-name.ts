/**
 * Download names `qr-<keyword>.png` / `.svg`, made from the short URL. The
 * keyword is the service's (letters, digits, - and _), but a custom domain's
 * link or a future rule could bring anything: only those characters survive,
 * so the name is safe on every file system and never a path.
 */

export type QrFileKind = 'png' | 'svg';

const KEEP = /[^A-Za-z0-9_-]+/g;
/** The service's keyword limit; longer names only get cut by file managers. */
const MAX_STEM = 50;

function stem(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A stray % is not an escape: keep the raw text, it is sanitised anyway.
  }
  return decoded.replace(KEEP, '-').replace(/^-+|-+$/g, '').slice(0, MAX_STEM).replace(/-+$/, '');
}

export function qrFileName(shortUrl: string, kind: QrFileKind): string {
  let keyword = '';
  try {
    const url = new URL(shortUrl);
    const segments = url.pathname.split('/').filter((s) => s !== '');
    // The keyword is the last path segment; a bare domain falls back to its host.
    keyword = stem(segments.at(-1) ?? '') || stem(url.hostname);
  } catch {
    keyword = '';
  }
  return `qr-${keyword || 'link'}.${kind}`;
}
