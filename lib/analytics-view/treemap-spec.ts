import { serviceLabel } from './label-text';
import { bucketKey } from './service-names';
import type { Label, TreemapSpec, TreemapTile } from './types';

/** Names listed per tile; the rest are counted in `size`. India has 36 states and union territories. */
export const MAX_MEMBERS = 40;
/** Tiles drawn; the service sends three buckets. */
export const MAX_TILES = 12;

export interface TreemapParts {
  readonly title: Label;
  readonly hint: string | null;
  readonly hintHonoured: boolean;
  /** Heads the table's one column: what the members are (states, for the advanced views). */
  readonly sizeLabel: Label;
  readonly groups: Readonly<Record<string, readonly string[]>>;
}

/**
 * Tiles sized by how many names each group holds (the advanced tree data
 * maps a bucket to the states that had clicks). null when no group has a name.
 */
export function treemapSpec(parts: TreemapParts): TreemapSpec | null {
  const tiles: TreemapTile[] = Object.entries(parts.groups)
    .filter(([, members]) => members.length > 0)
    .sort(([, a], [, b]) => b.length - a.length)
    .slice(0, MAX_TILES)
    .map(([group, members]) => ({
      group: serviceLabel(group, bucketKey),
      members: members.slice(0, MAX_MEMBERS).map((name) => serviceLabel(name)),
      size: members.length,
    }));
  if (tiles.length === 0) return null;
  const rows = tiles.map((tile) => ({
    label: tile.group,
    values: [tile.size],
    unit: 'count' as const,
    members: tile.members,
    moreMembers: tile.size - tile.members.length,
  }));
  return {
    kind: 'treemap',
    title: parts.title,
    hint: parts.hint,
    hintHonoured: parts.hintHonoured,
    clamped: false,
    tiles,
    table: { head: [parts.sizeLabel], rows },
  };
}
