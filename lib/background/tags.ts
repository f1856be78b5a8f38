/**
 * The tag messages (lib/messaging/protocol/): the workspace's tag list, a new tag,
 * and a link's tags. Creating and changing go through the offline queue with
 * an idempotency key made now, as a shorten does (lib/background/shorten.ts); the list
 * is read from the service each time (it is small, and a stale list would
 * offer tags deleted elsewhere). Only when the service cannot be reached is
 * the last list it sent answered, marked with its age (lib/tags/list-cache.ts):
 * offline, a stale list beats none.
 */
import { toErrorInfo, type ErrorInfo } from '../api/errors';
import { TAGS_PER_LINK_MAX, tagProblem, uniqueTags, type TagProblem } from '../contract/tag-name';
import type { CachedLink } from '../storage/links';
import type { AnswerOf, RequestOf } from '../messaging/send-message';
import type { OfflineQueue, RunOutcome } from '../queue/queue';
import { queueProfileOf } from '../storage/profiles';
import type { TagListCache } from '../tags/list-cache';
import type { Reach } from './reach-service';

/** The code of a tag list the service sent but that breaks the tag rules or the wire format. */
export const TAGS_MALFORMED = 'TAGS_MALFORMED';

/** More than any workspace's list the pages are built to show; a longer answer is taken as malformed. */
export const TAG_LIST_MAX = 1000;

/** Codes of a refused tag name, as lib/i18n/describe-error.ts words them. */
const TAG_CODES: Record<TagProblem, string> = { empty: 'TAG_EMPTY', 'too-long': 'TAG_TOO_LONG', control: 'INVALID_TAG' };

export interface TagsDeps {
  /** The active profile, bound, or why not (reach-service.ts). */
  reach: () => Promise<Reach>;
  runNow: OfflineQueue['runNow'];
  /** The links the local cache holds for the saved connection (lib/storage/links.ts, known). */
  knownLinks: () => Promise<readonly CachedLink[]>;
  newKey?: () => string;
  /** The last list per workspace, answered while the service cannot be reached. */
  tagCache?: TagListCache;
  now?: () => number;
}

export interface TagHandlers {
  listTags(request: RequestOf<'listTags'>): Promise<AnswerOf<'listTags'>>;
  createTag(request: RequestOf<'createTag'>): Promise<AnswerOf<'createTag'>>;
  setLinkTags(request: RequestOf<'setLinkTags'>): Promise<AnswerOf<'setLinkTags'>>;
  linkTags(request: RequestOf<'linkTags'>): Promise<AnswerOf<'linkTags'>>;
}

/** Why a set of tags cannot be sent (the first offending tag, or the limit), or null. */
export function tagsRefusal(tags: readonly string[]): ErrorInfo | null {
  if (tags.length > TAGS_PER_LINK_MAX) return invalid('TOO_MANY_TAGS', [String(TAGS_PER_LINK_MAX)]);
  for (const tag of tags) {
    const problem = tagProblem(tag);
    if (problem !== null) return invalid(TAG_CODES[problem], [tag.slice(0, 60)]);
  }
  return null;
}

function invalid(code: string, values: string[] = []): ErrorInfo {
  return { kind: 'invalid-input', code, message: code, ...(values.length > 0 ? { values } : {}) };
}

/** The list as the pages may show it, or null when it breaks the rules (then nothing of it is used). */
export function checkedTagList(list: readonly string[]): string[] | null {
  if (list.length > TAG_LIST_MAX) return null;
  if (list.some((tag) => tagProblem(tag) !== null || tag !== tag.trim())) return null;
  return uniqueTags(list);
}

export function createTagHandlers(deps: TagsDeps): TagHandlers {
  const newKey = deps.newKey ?? (() => crypto.randomUUID());

  function settled<K extends 'create-tag' | 'update-link', A>(run: RunOutcome<K>, done: (result: RunOutcome<K> & { status: 'done' }) => A) {
    if (run.status === 'done') return done(run as RunOutcome<K> & { status: 'done' });
    if (run.status === 'queued') return { status: 'queued' as const, itemId: run.item.id };
    return { status: 'error' as const, error: toErrorInfo(run.error) };
  }

  return {
    async listTags() {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn, client } = r;
      const scope = { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId };
      let list: string[];
      try {
        list = await client.listTags(conn.workspaceId);
      } catch (err) {
        const error = toErrorInfo(err);
        const cached = error.kind === 'network' ? await deps.tagCache?.read(scope).catch(() => null) : null;
        if (cached) return { status: 'done', tags: cached.tags, cachedAt: cached.at };
        return { status: 'error', error: error.kind === 'invalid-response' ? { ...error, code: TAGS_MALFORMED } : error };
      }
      const tags = checkedTagList(list);
      if (tags === null) {
        return { status: 'error', error: { kind: 'invalid-response', code: TAGS_MALFORMED, message: 'The tag list breaks the tag rules.' } };
      }
      // A full storage must not cost the user the list the service just sent.
      await deps.tagCache?.write(scope, tags, (deps.now ?? Date.now)()).catch(() => undefined);
      return { status: 'done', tags };
    },

    async createTag({ tag }) {
      const problem = tagProblem(tag);
      if (problem !== null) return { status: 'error', error: invalid(TAG_CODES[problem], [tag.slice(0, 60)]) };
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn } = r;
      const name = tag.trim();
      try {
        const run = await deps.runNow('create-tag', { workspaceId: conn.workspaceId, tag: name }, { idempotencyKey: newKey(), ...queueProfileOf(conn) });
        return settled(run, () => ({ status: 'done' as const, tag: name }));
      } catch (err) {
        return { status: 'error', error: toErrorInfo(err) };
      }
    },

    async linkTags({ linkId }) {
      const link = (await deps.knownLinks()).find((l) => l.linkId === linkId);
      // Only tags that pass the rules: the answer is checked against them on its way to the page.
      const tags = link?.tags === undefined ? null : checkedTagList(link.tags);
      return { tags };
    },

    async setLinkTags({ linkId, tags: raw }) {
      const tags = uniqueTags(raw);
      const refusal = tagsRefusal(tags);
      if (refusal !== null) return { status: 'error', error: refusal };
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn } = r;
      try {
        // PATCH replaces the set: sent again after a lost answer, it changes nothing more.
        const run = await deps.runNow('update-link', { workspaceId: conn.workspaceId, linkId, tags }, { idempotencyKey: newKey(), ...queueProfileOf(conn) });
        return settled(run, ({ result }) => ({ status: 'done' as const, tags: result.tags }));
      } catch (err) {
        return { status: 'error', error: toErrorInfo(err) };
      }
    },
  };
}
