import * as v from 'valibot';
import { PLAIN_TEXT_PROBLEM_TEXT, plainTextProblem, type PlainTextProblem } from '../plain-text';
import { TAG_MAX_LENGTH, TAGS_PER_LINK_MAX, normalTagName } from '../tag-name';
import { IdSchema, envelope, listData, listQuery } from './common';

export { TAG_MAX_LENGTH, TAGS_PER_LINK_MAX };

/** Fails on `problem` only, so the first problem of a name is the one reported, in its own words. */
const free = (problem: PlainTextProblem) =>
  v.check<string, string>((text) => plainTextProblem(text) !== problem, PLAIN_TEXT_PROBLEM_TEXT[problem]);

/**
 * A tag name sent to the service (../tag-name.ts has the rules): trimmed and
 * in NFC, 1 to 50 characters, no control, invisible format or unpaired
 * surrogate characters. Requests only: answers carry tags as plain strings,
 * since tags stored before a rule existed are still tags.
 */
export const TagNameSchema = v.pipe(
  v.string(),
  v.transform(normalTagName),
  v.minLength(1, 'must not be empty'),
  v.maxLength(TAG_MAX_LENGTH, `must be at most ${TAG_MAX_LENGTH} characters`),
  free('control'),
  free('surrogate'),
  free('format'),
);

export const DestinationMetaDataSchema = v.object({
  author: v.optional(v.string()),
  description: v.optional(v.string()),
  image: v.optional(v.string()),
  logo: v.optional(v.string()),
  publisher: v.optional(v.string()),
  title: v.optional(v.string()),
  url: v.optional(v.string()),
  metaTags: v.optional(v.string()),
  date: v.optional(v.string()),
});
export type DestinationMetaData = v.InferOutput<typeof DestinationMetaDataSchema>;

export const LinkSchema = v.object({
  _id: v.string(),
  workspaceId: v.string(),
  shortUrl: v.string(),
  longUrl: v.string(),
  linkActive: v.boolean(),
  tags: v.array(v.string()),
  totalClicks: v.pipe(v.number(), v.integer()),
  destinationUrlMetaData: DestinationMetaDataSchema,
  createdBy: v.string(),
  modifiedBy: v.string(),
  createdDate: v.string(),
});
export type Link = v.InferOutput<typeof LinkSchema>;

export const KEYWORD_TYPES = ['HASH', 'CUSTOM'] as const;
export type KeywordType = (typeof KEYWORD_TYPES)[number];

/** POST /link. `keyword` is needed only for CUSTOM; the keyword's own rules live in ../keyword.ts. */
export const CreateLinkBodySchema = v.pipe(
  v.object({
    workspaceId: IdSchema,
    keywordType: v.picklist(KEYWORD_TYPES, 'must be "HASH" or "CUSTOM"'),
    longUrl: v.pipe(v.string(), v.minLength(1, 'must not be empty')),
    customDomain: v.optional(v.nullable(v.string())),
    keyword: v.optional(v.string()),
  }),
  v.forward(
    v.check(
      (body) => body.keywordType !== 'CUSTOM' || (body.keyword !== undefined && body.keyword !== ''),
      'is required when keywordType is CUSTOM',
    ),
    ['keyword'],
  ),
);
export type CreateLinkBody = v.InferInput<typeof CreateLinkBodySchema>;

export const CreateLinkDataSchema = v.object({
  linkId: v.string(),
  keyWordExist: v.boolean(),
  shortUrl: v.string(),
  /** Free alternative short URLs when the keyword is taken (strings; docs/design.md, Create link). */
  recommendedUrls: v.array(v.string()),
  failToGenerateHash: v.boolean(),
});
export type CreateLinkData = v.InferOutput<typeof CreateLinkDataSchema>;

/** PATCH /link and PATCH /tag. `deleteLink: true` wins over `tags`. */
export const UpdateLinkBodySchema = v.pipe(
  v.object({
    workspaceId: IdSchema,
    linkId: IdSchema,
    tags: v.optional(v.pipe(
      v.array(TagNameSchema),
      v.maxLength(TAGS_PER_LINK_MAX, `must hold at most ${TAGS_PER_LINK_MAX} tags`),
    )),
    deleteLink: v.optional(v.boolean()),
  }),
  v.forward(
    v.check((body) => body.tags !== undefined || body.deleteLink !== undefined, 'is required unless deleteLink is given'),
    ['tags'],
  ),
);
export type UpdateLinkBody = v.InferInput<typeof UpdateLinkBodySchema>;

export const LINK_ORDER_BY = ['createdDate', 'longUrl', 'shortUrl', 'totalClicks'] as const;
export const LinkListQuerySchema = listQuery(LINK_ORDER_BY);
export type LinkListQuery = v.InferOutput<typeof LinkListQuerySchema>;

export const LinkListResponseSchema = envelope(listData(LinkSchema));
export const CreateLinkResponseSchema = envelope(CreateLinkDataSchema);
export const LinkResponseSchema = envelope(LinkSchema);
