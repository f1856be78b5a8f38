import { barRows, type BarRow } from './bar-rows';
import type { CategorySpec, Label, TreemapSpec } from './types';

export interface AdvancedRow extends BarRow {
  /** The states of this bucket that had clicks (the tree data), as text; `more` of them left out. */
  readonly members: readonly Label[];
  readonly more: number;
}

const sameName = (a: Label, b: Label) => 'text' in a && 'text' in b && a.text === b.text;

/**
 * One advanced view (clicks by state income, literacy, UPI adoption, age) as
 * one list: its buckets in their scale's order, each with its clicks (the
 * service's pie) and the states it holds (the service's tree data). Read as
 * a list, no bucket name is clipped the way a treemap tile clips it.
 */
export function advancedRows(pie: CategorySpec | null, tree: TreemapSpec | null): AdvancedRow[] {
  const tiles = tree?.tiles ?? [];
  const rows: AdvancedRow[] = (pie === null ? [] : barRows(pie)).map((row) => {
    const tile = tiles.find((t) => sameName(t.group, row.label));
    return { ...row, members: tile?.members ?? [], more: tile === undefined ? 0 : tile.size - tile.members.length };
  });
  // Buckets with states but no counted clicks (a tree without its pie) are listed too, at zero.
  for (const tile of tiles) {
    if (rows.some((row) => sameName(row.label, tile.group))) continue;
    rows.push({ label: tile.group, value: 0, length: 0, share: 0, members: tile.members, more: tile.size - tile.members.length });
  }
  return rows;
}
