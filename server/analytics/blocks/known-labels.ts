import { UNKNOWN } from '../../clicks/sanitize';
import type { LabelCount } from '../label-count';

/**
 * The labels that name something, in alphabetical order. "Unknown" (no
 * User-Agent or geo header) is a count in the top lists but not a value a
 * user can filter by or a place to count as unique.
 */
export function knownLabels(rows: readonly LabelCount[]): string[] {
  return rows
    .map((row) => row.label)
    .filter((label) => label !== UNKNOWN)
    .sort((a, b) => a.localeCompare(b, 'en'));
}
