/**
 * How many links carry each tag, counted in the links a page has loaded (the
 * service has no count per tag): the Tags section says how many links it
 * counted and whether the workspace holds more, so a count is never read as
 * the workspace's total when it is not.
 */

export interface TagCounts {
  /** Links counted. */
  links: number;
  /** Links counted per tag name; a tag no counted link carries is absent. */
  byTag: ReadonlyMap<string, number>;
  /** The workspace holds more links than were counted. */
  partial: boolean;
}

/** Counts each tag once per link (a link listing a tag twice counts once). */
export function countTags(links: readonly { tags: readonly string[] }[], partial: boolean): TagCounts {
  const byTag = new Map<string, number>();
  for (const link of links) {
    for (const tag of new Set(link.tags)) byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
  }
  return { links: links.length, byTag, partial };
}
