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

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export function csvDelimiter(text: string): string {
  const counts = new Map<number, number>(DELIMITERS.map((d) => [d.charCodeAt(0), 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) quoted = !quoted;
    else if (!quoted && (code === LF || code === CR)) break;
    else if (!quoted && counts.has(code)) counts.set(code, counts.get(code)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d.charCodeAt(0))! > counts.get(best.charCodeAt(0))!) best = d;
  return best;
}

/**
 * The fields of `text` one at a time, without a list: `next()` moves to the
 * next field that holds something and says whether there was one; `start`
 * and `end` are its range. Read by character codes, each once: a file of a
 * million fields is walked in milliseconds.
 */
export interface CsvWalker {
  start: number;
  end: number;
  next(): boolean;
}

export function csvWalker(text: string, delimiter = csvDelimiter(text)): CsvWalker {
  const n = text.length;
  const delim = delimiter.charCodeAt(0);
  const endsField = (code: number) => code === delim || code === LF || code === CR;
  let i = 0;
  const walker: CsvWalker = {
    start: 0,
    end: 0,
    next() {
      while (i < n) {
        let start: number;
        let fieldEnd: number;
        let end: number;
        if (text.charCodeAt(i) === QUOTE) {
          let j = i + 1;
          while (j < n) {
            if (text.charCodeAt(j) === QUOTE) {
              if (text.charCodeAt(j + 1) === QUOTE) j += 2;
              else break;
            } else j += 1;
          }
          start = i + 1;
          fieldEnd = Math.min(j, n);
          // Anything between the closing quote and the delimiter is not the field's (a malformed file): skipped.
          end = j + 1;
          while (end < n && !endsField(text.charCodeAt(end))) end += 1;
        } else {
          end = i;
          while (end < n && !endsField(text.charCodeAt(end))) end += 1;
          start = i;
          fieldEnd = end;
        }
        i = end >= n ? n : text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
        if (fieldEnd > start) {
          walker.start = start;
          walker.end = fieldEnd;
          return true;
        }
      }
      return false;
    },
  };
  return walker;
}

/** Every field that holds something, as a list. */
export function csvFields(text: string, delimiter = csvDelimiter(text)): Range[] {
  const fields: Range[] = [];
  const walker = csvWalker(text, delimiter);
  while (walker.next()) fields.push({ start: walker.start, end: walker.end });
  return fields;
}
