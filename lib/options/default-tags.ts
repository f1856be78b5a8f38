/**
 * The options page's default tags, put on every new link: a typed tag is
 * added by the rules for a typed tag (lib/tags/typed-tag.ts) and the limit
 * per link; a listed one is ticked or unticked as it is.
 */
import { TAGS_PER_LINK_MAX } from '../contract/tag-name';
import type { NewTagProblem } from '../tags/list';
import { typedTag, typedTagProblem } from '../tags/typed-tag';

export type DefaultTagsChange = { ok: true; tags: string[] } | { ok: false; problem: NewTagProblem };

/** The defaults with the typed tag added (as stored: trimmed, NFC), or why it cannot be. */
export function addTypedDefaultTag(value: readonly string[], typed: string): DefaultTagsChange {
  const problem = typedTagProblem(typed) ?? (value.length >= TAGS_PER_LINK_MAX ? 'too-many' : null);
  if (problem !== null) return { ok: false, problem };
  const name = typedTag(typed);
  return { ok: true, tags: value.includes(name) ? [...value] : [...value, name] };
}

/** The defaults with a listed tag ticked or unticked. */
export function toggleDefaultTag(value: readonly string[], name: string): DefaultTagsChange {
  if (value.includes(name)) return { ok: true, tags: value.filter((v) => v !== name) };
  if (value.length >= TAGS_PER_LINK_MAX) return { ok: false, problem: 'too-many' };
  return { ok: true, tags: [...value, name] };
}
