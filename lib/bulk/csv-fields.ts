/**
 * The fields of a CSV file (RFC 4180, as spreadsheets write it), as ranges of
 * the text: a quoted field's range is inside its quotes. A URL is looked for
 * within one field, so an unquoted field's URL ends at its delimiter while a
 * quoted one may hold commas. The delimiter is the one of `,` `;` and tab
 * that the first line uses most (spreadsheets in some languages write `;`).
 */

export interface Range {
  start: number;
  end: number;
}

const DELIMITERS = [',', ';', '\t'] as const;

export function csvDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

export function csvFields(text: string, delimiter = csvDelimiter(text)): Range[] {
  const fields: Range[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let end: number;
    if (text[i] === '"') {
      let j = i + 1;
      while (j < n) {
        if (text[j] === '"') {
          if (text[j + 1] === '"') j += 2;
          else break;
        } else j += 1;
      }
      fields.push({ start: i + 1, end: j });
      // Anything between the closing quote and the delimiter is not the field's (a malformed file): skipped.
      end = j + 1;
      while (end < n && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end += 1;
    } else {
      end = i;
      while (end < n && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end += 1;
      if (end > i) fields.push({ start: i, end });
    }
    if (end >= n) break;
    if (text[end] === '\r' && text[end + 1] === '\n') i = end + 2;
    else i = end + 1;
  }
  return fields;
}
