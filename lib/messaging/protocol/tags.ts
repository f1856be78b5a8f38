/** Tags: the workspace's list, a new tag, and the tags on one link. */
import * as v from 'valibot';
import { QueuedAnswerSchema, REFUSED } from './answers';
import { Empty, Text } from './fields';
import { LinkIdSchema } from './ids';

/**
 * A tag name as the service may send it: any text. The tag rules are for
 * what the user types (lib/tags/sendable-tags.ts), so a tag a service holds
 * beyond them is still listed and kept; the bound only stops absurd payloads.
 */
const TagName = Text(1000);

/** The workspace's tags, or why they are not known; a malformed list from the service is an error, never a partial list. */
const TagListAnswerSchema = v.variant('status', [
  /** cachedAt: the service could not be reached; this is the list it sent at that time (epoch ms). */
  v.object({ status: v.literal('done'), tags: v.array(TagName), cachedAt: v.optional(v.number()) }),
  ...REFUSED,
]);

const CreateTagAnswerSchema = v.variant('status', [v.object({ status: v.literal('done'), tag: TagName }), QueuedAnswerSchema, ...REFUSED]);

/** The tags now on the link (as the service stored them). */
const SetLinkTagsAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), tags: v.array(TagName) }),
  QueuedAnswerSchema,
  ...REFUSED,
]);

export const TAG_MESSAGES = {
  listTags: { request: Empty, answer: TagListAnswerSchema },
  createTag: { request: v.strictObject({ tag: Text(200) }), answer: CreateTagAnswerSchema },
  /**
   * Replaces a link's tags (PATCH /link): the customise panel's "tags only" path reuses the link instead of making another.
   * The service's own tags as it sent them, typed ones as typed: the background applies the tag rules to the typed ones
   * and words what breaks them (lib/background/links/tags.ts).
   */
  setLinkTags: {
    request: v.strictObject({ linkId: LinkIdSchema, tags: v.pipe(v.array(TagName), v.maxLength(1000)) }),
    answer: SetLinkTagsAnswerSchema,
  },
  /** The tags a link has, as far as the local cache knows (no request): null when it does not know. */
  linkTags: { request: v.strictObject({ linkId: LinkIdSchema }), answer: v.object({ tags: v.nullable(v.array(TagName)) }) },
};
