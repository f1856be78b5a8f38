/**
 * The rule for a tag the user types (a new tag in a picker or in the options
 * page's Tags section): the service's tag rules (lib/contract/tag-name.ts) on
 * the name in NFC, and nothing hidden in it (lib/storage/visible-text.ts).
 * Never applied to tags the service sent: a tag listed there, whatever it
 * holds, can still be ticked, kept or removed.
 */
import { tagProblem, type TagProblem } from '../contract/tag-name';
import { hasHiddenCharacters, typedName } from '../storage/visible-text';

export type TypedTagProblem = TagProblem | 'hidden';

/** The typed tag as it is sent and stored: trimmed, NFC. */
export const typedTag = typedName;

/** Why a typed tag cannot be added, or null when it can. */
export function typedTagProblem(name: string): TypedTagProblem | null {
  const tag = typedTag(name);
  const problem = tagProblem(tag);
  if (problem !== null) return problem;
  return hasHiddenCharacters(tag) ? 'hidden' : null;
}
