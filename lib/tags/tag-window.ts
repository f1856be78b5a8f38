/**
 * The part of a workspace's tags a list on the options page draws at once.
 * The service keeps up to 1,000 tags per workspace: a thousand rows are
 * slow to draw and impossible to scan, so a list shows the tags whose name
 * contains the filter (ignoring case), TAGS_SHOWN at a time (the user asks
 * for each further part).
 */

/** Two or three screens of the options page. */
export const TAGS_SHOWN = 60;

export interface TagWindowOptions {
  filter?: string;
  /** How many parts of TAGS_SHOWN the user asked for (1: the first part only). */
  parts?: number;
}

export interface TagWindow {
  shown: string[];
  /** Tags that match, listed, and are not shown. */
  more: number;
  /** How many the next part shows: TAGS_SHOWN, or fewer at the end. */
  next: number;
  /** Tags that match the filter. */
  matching: number;
}

export function tagWindow(listed: readonly string[], options: TagWindowOptions = {}): TagWindow {
  const query = (options.filter ?? '').trim().toLocaleLowerCase();
  const matches = (name: string) => query === '' || name.toLocaleLowerCase().includes(query);
  const matching = listed.filter(matches);
  const head = matching.slice(0, Math.max(1, options.parts ?? 1) * TAGS_SHOWN);
  const more = matching.length - head.length;
  return { shown: head, more, next: Math.min(more, TAGS_SHOWN), matching: matching.length };
}
