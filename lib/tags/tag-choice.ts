/**
 * Choosing a link's tags with the chip picker (components/shared/chip-tag-picker.tsx):
 * the tags chosen, in order, and the one being typed, checked by the tag
 * rules as it is typed. Pure steps, shared by the customise panel and a
 * recent link's tag editor, so both refuse the same names the same way.
 */
import { TAGS_PER_LINK_MAX, normalTagName, tagProblem } from '../contract/tag-name';
import type { NewTagProblem } from './list';

export interface TagChoice {
  /** The tags the link will have, in the order chosen. */
  chosen: string[];
  newTag: string;
  newTagProblem: NewTagProblem | null;
}

export function tagChoice(chosen: readonly string[] = []): TagChoice {
  return { chosen: [...chosen], newTag: '', newTagProblem: null };
}

/** A listed tag chosen, or a chosen one removed; refused past the per-link limit. */
export function toggleTag(choice: TagChoice, name: string): TagChoice {
  if (choice.chosen.includes(name)) return { ...choice, chosen: choice.chosen.filter((t) => t !== name), newTagProblem: null };
  if (choice.chosen.length >= TAGS_PER_LINK_MAX) return { ...choice, newTagProblem: 'too-many' };
  // A name the workspace lacks is fine: the service adds it to the workspace's tags with the link's.
  return { ...choice, chosen: [...choice.chosen, name] };
}

export function typeNewTag(choice: TagChoice, newTag: string): TagChoice {
  return { ...choice, newTag, newTagProblem: newTag === '' ? null : tagProblem(newTag) };
}

/**
 * The typed tag added to the chosen ones, in its stored form (trimmed, NFC), if the rules allow it; one chosen
 * already is only cleared from the field. The rules judge only what is typed: chosen tags the service sent stay,
 * whatever they hold.
 */
export function addNewTag(choice: TagChoice): TagChoice {
  const problem = tagProblem(choice.newTag);
  if (problem !== null) return { ...choice, newTagProblem: problem };
  const name = normalTagName(choice.newTag);
  if (choice.chosen.includes(name)) return { ...choice, newTag: '', newTagProblem: null };
  if (choice.chosen.length >= TAGS_PER_LINK_MAX) return { ...choice, newTagProblem: 'too-many' };
  return { chosen: [...choice.chosen, name], newTag: '', newTagProblem: null };
}
