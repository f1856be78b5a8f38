/**
 * The part of a workspace's tags a list on the options page draws at once.
 * The service keeps up to 1,000 tags per workspace: a thousand checkboxes
 * are slow to draw and impossible to scan, so a list shows the tags whose
 * name contains the filter (ignoring case), TAGS_SHOWN at a time (the user
 * asks for each further part), plus any matching tag that is kept in view
 * (a ticked one further down stays visible, so it can be unticked).
 */

/** Two or three screens of the options page. */
export const TAGS_SHOWN = 60;

export interface TagWindowOptions {
  filter?: string;
  /** How many parts of TAGS_SHOWN the user asked for (1: the first part only). */
  parts?: number;
  /** Tags shown even beyond the window when they match (the ticked ones). */
  keep?: readonly string[];
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
  const inHead = new Set(head);
  const listedSet = new Set(listed);
  const kept = (options.keep ?? []).filter((name) => listedSet.has(name) && !inHead.has(name) && matches(name));
  const more = matching.length - head.length - kept.length;
  return { shown: [...head, ...kept], more, next: Math.min(more, TAGS_SHOWN), matching: matching.length };
}
