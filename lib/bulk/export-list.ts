/**
 * The batch's results as the user takes them away: Copy all (the short
 * links, one per line), a CSV file, and a Markdown list. Words (column heads,
 * statuses) come from the page, which has the catalogue. A short link that
 * is not a plain http(s) address (lib/contract/short-url.ts) is never
 * written: its row reads as one without a link.
 */
import { csvText } from '../analytics-view/export-csv';
import { isUsableShortUrl } from '../contract/short-url';

export interface ResultRow {
  /** The destination. */
  url: string;
  /** The page's title, when the service found one. */
  title?: string;
  /** Null while the link is not made (waiting, failed). */
  shortUrl: string | null;
  /** The row's status in words. */
  status: string;
}

/** The row's short link when it may be written, else null. */
function usable(row: ResultRow): string | null {
  return isUsableShortUrl(row.shortUrl) ? row.shortUrl : null;
}

/** Every short link made, one per line, in the list's order. */
export function linksText(rows: readonly ResultRow[]): string {
  return rows.flatMap((r) => usable(r) ?? []).join('\n');
}

/** RFC 4180, CRLF lines, a head row; cells a spreadsheet would run as formulas are defused (csvText). */
export function resultsCsv(rows: readonly ResultRow[], head: { url: string; title: string; shortUrl: string; status: string }): string {
  const lines = [[head.url, head.title, head.shortUrl, head.status], ...rows.map((r) => [r.url, r.title ?? '', usable(r) ?? '', r.status])];
  return `${lines.map((cells) => cells.map(csvText).join(',')).join('\r\n')}\r\n`;
}

/** `- [title or destination](short link)` for each link made. */
export function markdownList(rows: readonly ResultRow[]): string {
  return rows
    .flatMap((r) => {
      const short = usable(r);
      return short === null ? [] : [`- [${markdownText(r.title?.trim() || r.url)}](${short})`];
    })
    .join('\n');
}

/** Text inside a link's brackets: what Markdown would read as markup is escaped, a line break is a space. */
function markdownText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\[\]`*_<>]/g, (c) => `\\${c}`);
}
