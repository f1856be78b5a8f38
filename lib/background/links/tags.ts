/**
 * The tag messages (lib/messaging/protocol/): the workspace's tag list, a new tag,
 * and a link's tags. Creating and changing go through the offline queue with
 * an idempotency key made now, as a shorten does (lib/background/links/shorten.ts); the list
 * is read from the service each time (it is small, and a stale list would
 * offer tags deleted elsewhere). Only when the service cannot be reached is
 * the last list it sent answered, marked with its age (lib/tags/list-cache.ts):
 * offline, a stale list beats none.
 */
import { toErrorInfo, type ErrorInfo } from '../../api/errors';
import { TAGS_PER_LINK_MAX, normalTagName, tagProblem, type TagProblem } from '../../contract/tag-name';
import { TAGS_PER_WORKSPACE_MAX } from '../../contract/workspace-limits';
import type { CachedLink, LinkScope } from '../../storage/links';
import type { AnswerOf, RequestOf } from '../../messaging/send-message';
import type { OfflineQueue, RunOutcome } from '../../queue/queue';
import { queueProfileOf } from '../../storage/profiles';
import type { TagListCache } from '../../tags/list-cache';
import { sendableTags } from '../../tags/sendable-tags';
import type { Reach } from '../reach-service';

/** The code of a tag list the service sent that is not a list of names (or longer than TAG_LIST_MAX). */
export const TAGS_MALFORMED = 'TAGS_MALFORMED';

/**
 * A list longer than this is taken as malformed. Ten times the reference
 * service's cap (lib/contract/workspace-limits.ts): another service may keep
 * more, and the pickers draw a part at a time (lib/tags/tag-window.ts,
 * lib/tags/suggestions.ts), so only an absurd answer is refused.
 */
export const TAG_LIST_MAX = 10 * TAGS_PER_WORKSPACE_MAX;

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

/**
 * The tags to send (lib/tags/sendable-tags.ts: the service's own as they came,
 * typed ones by the tag rules), or why they cannot be sent: the first typed
 * tag that breaks a rule, or the limit.
 */
export function tagsToSend(asked: readonly string[], fromService: Iterable<string> = []): { ok: true; tags: string[] } | { ok: false; error: ErrorInfo } {
  const verdict = sendableTags(asked, fromService);
  if (verdict.ok) return verdict;
  if (verdict.problem === 'too-many') return { ok: false, error: invalid('TOO_MANY_TAGS', [String(TAGS_PER_LINK_MAX)]) };
  return { ok: false, error: invalid(TAG_CODES[verdict.problem], [verdict.tag.slice(0, 60)]) };
}

/** The tags the service sent for this workspace as far as this browser knows: its last list. */
export async function listedTags(cache: TagListCache | undefined, scope: LinkScope): Promise<string[]> {
  return (await cache?.read(scope).catch(() => null))?.tags ?? [];
}

function invalid(code: string, values: string[] = []): ErrorInfo {
  return { kind: 'invalid-input', code, message: code, ...(values.length > 0 ? { values } : {}) };
}

/**
 * The list as the pages may show it, or null when it is not one (then nothing
 * of it is used). The tag rules are not applied: they are for typed tags, and
 * a tag the service holds is a tag, whatever it holds (stored before a rule
 * existed, or by a service with other rules). Only exact repeats are dropped.
 */
export function checkedTagList(list: readonly unknown[]): string[] | null {
  if (list.length > TAG_LIST_MAX || !list.every((tag): tag is string => typeof tag === 'string')) return null;
  return [...new Set(list)];
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

    // Only ever typed: the options page's Tags section.
    async createTag({ tag }) {
      const problem = tagProblem(tag);
      if (problem !== null) return { status: 'error', error: invalid(TAG_CODES[problem], [tag.slice(0, 60)]) };
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn } = r;
      const name = normalTagName(tag);
      try {
        const run = await deps.runNow('create-tag', { workspaceId: conn.workspaceId, tag: name }, { idempotencyKey: newKey(), ...queueProfileOf(conn) });
        return settled(run, () => ({ status: 'done' as const, tag: name }));
      } catch (err) {
        return { status: 'error', error: toErrorInfo(err) };
      }
    },

    async linkTags({ linkId }) {
      const link = (await deps.knownLinks()).find((l) => l.linkId === linkId);
      // Every tag the link has, odd ones too: saving tags alone replaces the set, so none may be dropped unseen.
      const tags = link?.tags === undefined ? null : checkedTagList(link.tags);
      return { tags };
    },

    async setLinkTags({ linkId, tags: asked }) {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn } = r;
      // The link's own tags and the workspace's list go back as the service sent them; only typed ones meet the rules.
      const onLink = (await deps.knownLinks()).find((l) => l.linkId === linkId)?.tags ?? [];
      const checked = tagsToSend(asked, [...onLink, ...(await listedTags(deps.tagCache, conn))]);
      if (!checked.ok) return { status: 'error', error: checked.error };
      const { tags } = checked;
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
