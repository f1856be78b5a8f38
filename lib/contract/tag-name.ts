import { plainTextProblem } from './plain-text';

/**
 * Rules for tag names, without valibot so the popup's customise panel and the
 * options page can check as the user types. The service applies the same
 * rules through TagNameSchema (./schemas/link.ts), built on these.
 *
 * Check what the user types with them, never the tags the service answers:
 * tags stored before a rule existed must still be listed and kept on links.
 */

export const TAG_MAX_LENGTH = 50;
export const TAGS_PER_LINK_MAX = 50;

/** 'control': a character no tag may hold (plain-text.ts: controls, invisible format marks, unpaired surrogates). */
export type TagProblem = 'empty' | 'too-long' | 'control';

/** A tag name as the service stores it: trimmed and in NFC, so "café" typed with a combining accent is the same tag. */
export function normalTagName(name: string): string {
  return name.trim().normalize('NFC');
}

/** Why a tag name cannot be used (in its stored form, normalTagName), or null when it can. */
export function tagProblem(name: string): TagProblem | null {
  const tag = normalTagName(name);
  if (tag === '') return 'empty';
  if (tag.length > TAG_MAX_LENGTH) return 'too-long';
  if (plainTextProblem(tag) !== null) return 'control';
  return null;
}

/**
 * A set of tags without blanks or repeats: trimmed, no empties, no exact duplicates, first
 * spelling kept. Not normalised: it also tidies lists the service sent (the service itself
 * merges NFC-equal spellings of what it is sent).
 */
export function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ''))];
}
