/**
 * The options page's default tags, put on every new link: a typed tag is
 * added by the tag rules (lib/contract/tag-name.ts) and the limit per link;
 * a listed one (the service's) is ticked or unticked as it is, never judged.
 */
import { TAGS_PER_LINK_MAX, normalTagName, tagProblem } from '../contract/tag-name';
import type { NewTagProblem } from '../tags/list';

export type DefaultTagsChange = { ok: true; tags: string[] } | { ok: false; problem: NewTagProblem };

/** The defaults with the typed tag added (as stored: trimmed, NFC), or why it cannot be. */
export function addTypedDefaultTag(value: readonly string[], typed: string): DefaultTagsChange {
  const problem = tagProblem(typed) ?? (value.length >= TAGS_PER_LINK_MAX ? 'too-many' : null);
  if (problem !== null) return { ok: false, problem };
  const name = normalTagName(typed);
  return { ok: true, tags: value.includes(name) ? [...value] : [...value, name] };
}

/** The defaults with a listed tag ticked or unticked. */
export function toggleDefaultTag(value: readonly string[], name: string): DefaultTagsChange {
  if (value.includes(name)) return { ok: true, tags: value.filter((v) => v !== name) };
  if (value.length >= TAGS_PER_LINK_MAX) return { ok: false, problem: 'too-many' };
  return { ok: true, tags: [...value, name] };
}
