import { array, INVALID, union, string, type Guard } from './guards';
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

const Rows = array(array(union(string, RawNumber)));

export const CountryTableSchema: Guard<CountryTable> = (input) => {
  const rows = Rows(input);
  if (rows === INVALID || !rows.every((row, i) => isDataRow(row) || (i === 0 && isHeader(row)))) return INVALID;
  const first = rows[0];
  const header = first !== undefined && isHeader(first) ? first : null;
  return {
    header,
    rows: rows.filter(isDataRow).map(([label, count]) => ({ label, count })),
  };
};
