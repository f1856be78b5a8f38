import * as v from 'valibot';
import { RawNumber } from './lenient-schemas';
import type { RankedInput } from './top-n';

/**
 * `clickedCountries.data` is a geo chart's table (server/analytics/blocks/
 * clicked-countries.ts): an optional header row of two strings, then one
 * [country, clicks] row per country. Any other row makes the block malformed.
 */
export interface CountryTable {
  readonly header: readonly [string, string] | null;
  readonly rows: readonly RankedInput[];
}

type Cell = string | number;

const isHeader = (row: readonly Cell[]): row is [string, string] =>
  row.length === 2 && typeof row[0] === 'string' && typeof row[1] === 'string';
const isDataRow = (row: readonly Cell[]): row is [string, number] =>
  row.length === 2 && typeof row[0] === 'string' && typeof row[1] === 'number';

export const CountryTableSchema = v.pipe(
  v.array(v.array(v.union([v.string(), RawNumber]))),
  v.check((rows) => rows.every((row, i) => isDataRow(row) || (i === 0 && isHeader(row))), 'a table of [country, clicks]'),
  v.transform((rows): CountryTable => {
    const first = rows[0];
    const header = first !== undefined && isHeader(first) ? first : null;
    return {
      header,
      rows: rows.filter(isDataRow).map(([label, count]) => ({ label, count })),
    };
  }),
);
