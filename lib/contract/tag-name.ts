/**
 * Rules for tag names, without valibot so the popup's customise panel and the
 * options page can check as the user types. The service applies the same
 * rules through TagNameSchema (./schemas/link.ts), built on these constants.
 */

export const TAG_MAX_LENGTH = 50;
export const TAGS_PER_LINK_MAX = 50;

/** C0 controls and DEL: stored text is shown in lists, exports and logs, where they cut or rewrite lines. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export type TagProblem = 'empty' | 'too-long' | 'control';

/** Why a tag name cannot be used (after trimming, as the service stores it), or null when it can. */
export function tagProblem(name: string): TagProblem | null {
  const tag = name.trim();
  if (tag === '') return 'empty';
  if (tag.length > TAG_MAX_LENGTH) return 'too-long';
  if (CONTROL_CHARACTERS.test(tag)) return 'control';
  return null;
}

/** A set of tags as the service will store it: trimmed, no empties, no duplicates, first spelling kept. */
export function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ''))];
}
