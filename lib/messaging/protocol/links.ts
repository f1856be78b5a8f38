/** Links: making one, the recent ones, and the side panel's picker. */
import * as v from 'valibot';
import type { UrlProblem } from '../../contract/url';
import { ErrorViewSchema, QueuedAnswerSchema, REFUSED } from './answers';
import { Cursor, KeywordTypeSchema, keysOf, Text } from './fields';
import { LinkIdSchema } from './ids';
import { UTM_VALUE_MAX } from '../../campaign/utm';
import { LinkViewSchema, ListedLinkSchema } from '../../storage/link-shape';

export { LinkViewSchema };

const UrlProblemSchema = v.picklist(
  keysOf<UrlProblem>({ empty: true, 'too-long': true, invalid: true, scheme: true, 'no-host': true, credentials: true, 'own-host': true }),
);

const UtmValue = v.pipe(v.string(), v.maxLength(UTM_VALUE_MAX * 2));
export const UtmAskSchema = v.strictObject({
  source: v.optional(UtmValue),
  medium: v.optional(UtmValue),
  campaign: v.optional(UtmValue),
  term: v.optional(UtmValue),
  content: v.optional(UtmValue),
});

export const ShortenRequestSchema = v.strictObject({
  url: Text(8192),
  keywordType: v.optional(KeywordTypeSchema),
  keyword: v.optional(Text(200)),
  /** A set-up custom domain of the workspace; absent: the user's default. */
  customDomain: v.optional(Text(300)),
  /** Skip the local cache (a customised link for an already shortened URL). */
  force: v.optional(v.boolean()),
  /** Tags for the new link (checked by the background); absent: the user's default tags. */
  tags: v.optional(v.pipe(v.array(Text(200)), v.maxLength(200))),
  /** The link this popup made moments ago for the same URL: deleted once the new one exists, if it has no clicks. */
  replaces: v.optional(LinkIdSchema),
  /** The long URL of the link `replaces` names, when it is not this one's (Undo of cleaning); absent: the same. */
  replacesUrl: v.optional(Text(8192)),
  /** Clean the URL first; absent: the user's setting; false: the URL as it was (Undo). */
  clean: v.optional(v.boolean()),
  /** Campaign values from Customise: written on the URL in place of a site rule's template. */
  utm: v.optional(UtmAskSchema),
});

/** What cleaning removed from the URL before it was shortened (lib/clean/clean-url.ts). */
const CleanedSchema = v.object({
  original: v.string(),
  removed: v.array(v.string()),
  unwrappedFrom: v.nullable(v.string()),
});

/** What became of the link a customised one replaces (lib/background/links/replace-link.ts). */
const ReplacedSchema = v.object({
  shortUrl: v.string(),
  outcome: v.picklist(['deleted', 'kept-clicks', 'kept-unknown']),
});

/**
 * Queued: its own shape for a shorten, which also says when the service did
 * answer but its answer could not be read (the link may exist; the retry
 * reuses the key), so the popup need not call that "can't reach".
 */
const ShortenQueuedSchema = v.object({ ...QueuedAnswerSchema.entries, outcomeUnknown: v.optional(v.boolean()) });

export const ShortenAnswerSchema = v.variant('status', [
  v.object({
    status: v.literal('done'),
    link: LinkViewSchema,
    fromCache: v.boolean(),
    /** The link exists; its tags wait in the queue. */
    tagsQueued: v.optional(v.boolean()),
    /** The link exists; the service refused its tags. */
    tagsError: v.optional(ErrorViewSchema),
    replaced: v.optional(ReplacedSchema),
    cleaned: v.optional(CleanedSchema),
    /** Cleaning gave an empty or invalid URL: the link is for the URL as it was. */
    cleanFailed: v.optional(v.boolean()),
    /** The site rule that applied (its pattern, its place from 0) and the template it wrote. */
    rule: v.optional(v.object({ pattern: v.string(), index: v.number(), template: v.optional(v.string()) })),
  }),
  ShortenQueuedSchema,
  v.object({ status: v.literal('keyword-taken'), recommendedUrls: v.array(v.string()) }),
  ...REFUSED,
  /** `planned`: cleaning or the site rule made the valid URL one that is refused (asked for by the background's own `strict` requests). */
  v.object({ status: v.literal('invalid-url'), problem: UrlProblemSchema, planned: v.optional(v.literal(true)) }),
]);

/** Popup's recent links: one row of the workspace's link list, as the list draws it. */
/** Side panel picker: one page of the workspace's links, newest first, with what the panel's switcher and header show of each. */
const LinkPageAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), links: v.array(ListedLinkSchema), nextCursor: v.nullable(v.number()) }),
  ...REFUSED,
]);

/** Popup's recent links: one page of the workspace's links from the service, newest first. */
const LinkListAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), rows: v.array(ListedLinkSchema), nextCursor: v.nullable(v.number()) }),
  ...REFUSED,
]);

/** Deleting a link from the recent list: done, queued (offline), or refused. */
const LinkDeleteAnswerSchema = v.variant('status', [v.object({ status: v.literal('done') }), QueuedAnswerSchema, ...REFUSED]);

export const LINK_MESSAGES = {
  shorten: { request: ShortenRequestSchema, answer: ShortenAnswerSchema },
  /** The newest links of the local cache (no request). */
  recentLinks: {
    request: v.strictObject({ limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) }),
    answer: v.array(LinkViewSchema),
  },
  linkPage: { request: v.strictObject({ cursor: Cursor }), answer: LinkPageAnswerSchema },
  linkList: { request: v.strictObject({ cursor: Cursor }), answer: LinkListAnswerSchema },
  deleteLink: { request: v.strictObject({ linkId: LinkIdSchema }), answer: LinkDeleteAnswerSchema },
};
