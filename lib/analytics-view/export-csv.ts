/**
 * The shown analytics as CSV: one section per block (its title, then its text
 * table, or the words of its empty state), sections separated by a blank
 * line. Built from the same text tables the page shows beside each chart, so
 * the file says exactly what the panel says. RFC 4180 quoting, CRLF lines.
 */
import type { BlockResult } from './read-analytics';
import type { EmptyReason, Label } from './types';
import type { BlockId } from './block-id';

export interface CsvWords {
  label(label: Label): string;
  /** The heading of a block without a spec. */
  fallbackTitle(id: BlockId): string;
  empty(reason: EmptyReason, id: BlockId): string;
  /** Heading of the first column (the row's name) and of the treemap members column. */
  nameHead: string;
  membersHead: string;
  /** "and N more", for a treemap tile whose members were cut. */
  more(count: number): string;
}

/**
 * One text cell. Quoted when it holds a quote, comma or line break; a cell a
 * spreadsheet would run as a formula (leading = + - @, tab or CR) is prefixed
 * with an apostrophe (OWASP CSV injection), since names come from the service.
 */
export function csvText(raw: string): string {
  const safe = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Our own numbers: never a formula, written in full (no locale grouping, which would add commas). */
function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

export function analyticsCsv(results: readonly BlockResult[], words: CsvWords): string {
  const sections = results.map(({ id, view }) => {
    if (view.status === 'none') return [csvText(words.fallbackTitle(id)), csvText(words.empty(view.reason, id))];
    const { table, title } = view.spec;
    const withMembers = table.rows.some((row) => row.members !== undefined);
    const head = [words.nameHead, ...table.head.map((l) => words.label(l)), ...(withMembers ? [words.membersHead] : [])];
    const rows = table.rows.map((row) => {
      const cells = [csvText(words.label(row.label)), ...row.values.map(csvNumber)];
      if (withMembers) {
        const names = (row.members ?? []).map((m) => words.label(m));
        if (row.moreMembers) names.push(words.more(row.moreMembers));
        cells.push(csvText(names.join('; ')));
      }
      return cells.join(',');
    });
    return [csvText(words.label(title)), head.map(csvText).join(','), ...rows];
  });
  return `${sections.map((lines) => lines.join('\r\n')).join('\r\n\r\n')}\r\n`;
}
