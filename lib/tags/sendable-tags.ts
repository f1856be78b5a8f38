/**
 * Tags on their way to the service: a link's new set, a new link's tags, the
 * default tags. The tag rules (lib/contract/tag-name.ts) are for what the
 * user types, never for what the service sent (issue 19, item 7): a tag the
 * service itself listed for the workspace or put on the link goes back
 * exactly as it came, whatever it holds, so one odd tag on a real service
 * never blocks editing a link's other tags. Any other tag was typed: it must
 * pass the rules, and goes in its stored form (trimmed, NFC).
 */
import { TAGS_PER_LINK_MAX, normalTagName, tagProblem, type TagProblem } from '../contract/tag-name';

export type SendableTags =
  | { ok: true; tags: string[] }
  /** `tag`: the typed tag as it was asked for. */
  | { ok: false; problem: TagProblem; tag: string }
  | { ok: false; problem: 'too-many' };

/**
 * The tags to send, without blanks or repeats, in the order asked; or why
 * they cannot be sent. `fromService`: the tags the service sent (the
 * workspace's list, the link's own tags), exempt from the rules.
 */
export function sendableTags(asked: readonly string[], fromService: Iterable<string> = []): SendableTags {
  const known = new Set(fromService);
  const tags: string[] = [];
  for (const raw of asked) {
    const typed = !known.has(raw);
    const name = typed ? normalTagName(raw) : raw;
    // A blank is nothing typed, not a tag.
    if (name === '' || tags.includes(name)) continue;
    const problem = typed ? tagProblem(name) : null;
    if (problem !== null) return { ok: false, problem, tag: raw };
    tags.push(name);
  }
  if (tags.length > TAGS_PER_LINK_MAX) return { ok: false, problem: 'too-many' };
  return { ok: true, tags };
}
