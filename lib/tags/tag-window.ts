/**
 * The part of a workspace's tags a list on the options page draws at once.
 * The service keeps up to 1,000 tags per workspace: a thousand checkboxes
 * are slow to draw and impossible to scan, so a list shows the tags whose
 * name contains the filter (ignoring case), the first TAGS_SHOWN of them
 * until the user asks for all, plus any matching tag that is kept in view
 * (a ticked one further down stays visible, so it can be unticked).
 */

/** Two or three screens of the options page. */
export const TAGS_SHOWN = 60;

export interface TagWindowOptions {
  filter?: string;
  /** The user asked for every matching tag. */
  all?: boolean;
  /** Tags shown even beyond the window when they match (the ticked ones). */
  keep?: readonly string[];
  limit?: number;
}

export interface TagWindow {
  shown: string[];
  /** Tags that match, listed, and are not shown. */
  more: number;
  /** Tags that match the filter. */
  matching: number;
}

export function tagWindow(listed: readonly string[], options: TagWindowOptions = {}): TagWindow {
  const query = (options.filter ?? '').trim().toLocaleLowerCase();
  const matches = (name: string) => query === '' || name.toLocaleLowerCase().includes(query);
  const matching = listed.filter(matches);
  const head = options.all === true ? matching : matching.slice(0, options.limit ?? TAGS_SHOWN);
  const inHead = new Set(head);
  const listedSet = new Set(listed);
  const kept = (options.keep ?? []).filter((name) => listedSet.has(name) && !inHead.has(name) && matches(name));
  return { shown: [...head, ...kept], more: matching.length - head.length - kept.length, matching: matching.length };
}
