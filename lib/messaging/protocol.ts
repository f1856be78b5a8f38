/**
 * The one definition of the messages between extension pages and the
 * background: message name -> valibot schemas of its request and its answer.
 * The background checks both (lib/background/dispatcher.ts); the TypeScript
 * types pages use are inferred from here in lib/messaging/send-message.ts, imported as
 * types only, so none of this (nor valibot) reaches the popup's bundle.
 *
 * To add a message: one entry here, one handler in lib/background/handlers.ts.
 */
import * as v from 'valibot';
import type { ErrorInfo } from '../api/errors';
import { TAG_MAX_LENGTH } from '../contract/tag-name';
import { KEYWORD_TYPES } from '../contract/schemas/link';
import type { ConnectProblem } from '../domains/connect-rules';
import {
  DeleteProfileAnswerSchema,
  DeleteProfileRequestSchema,
  ImportSettingsAnswerSchema,
  ProfilesViewSchema,
  SaveProfileAnswerSchema,
  SaveProfileRequestSchema,
  SettingsFileSchema,
  THEME_VALUES,
} from './profile-schemas';
import type { UrlProblem } from '../contract/url';

/** Every member once: a Record makes tsc fail when a union gains a member this file does not list. */
const keysOf = <K extends string>(members: Record<K, true>) => Object.keys(members) as [K, ...K[]];

// Generous bounds: the real rules (URL, keyword, token) are applied by the
// handlers with their own codes; these only stop absurd payloads.
const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const Empty = v.strictObject({});

/** A link as pages show it: popup result, recent lists, side panel. */
export const LinkViewSchema = v.object({
  shortUrl: v.string(),
  longUrl: v.string(),
  linkId: v.string(),
  createdDate: v.string(),
});

/** What a page needs to explain a failure (lib/api/errors.ts, ErrorInfo). Never carries the token. */
export const ErrorViewSchema = v.object({
  kind: v.picklist(
    keysOf<ErrorInfo['kind']>({
      service: true,
      unauthorized: true,
      'rate-limited': true,
      network: true,
      timeout: true,
      'invalid-response': true,
      'invalid-input': true,
      internal: true,
    }),
  ),
  code: v.optional(v.string()),
  message: v.string(),
  /** What the catalogue message for `code` is filled with, e.g. the offending tag. */
  values: v.optional(v.array(v.string())),
});

const UrlProblemSchema = v.picklist(
  keysOf<UrlProblem>({ empty: true, 'too-long': true, invalid: true, scheme: true, 'no-host': true, credentials: true, 'own-host': true }),
);

const KeywordTypeSchema = v.picklist(KEYWORD_TYPES);

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
  replaces: v.optional(Text(200)),
});

/** What became of the link a customised one replaces (lib/background/replace-link.ts). */
const ReplacedSchema = v.object({
  shortUrl: v.string(),
  outcome: v.picklist(['deleted', 'kept-clicks', 'kept-unknown']),
});

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
  }),
  v.object({ status: v.literal('queued'), itemId: v.string() }),
  v.object({ status: v.literal('keyword-taken'), recommendedUrls: v.array(v.string()) }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
  v.object({ status: v.literal('invalid-url'), problem: UrlProblemSchema }),
]);

/** Everything the popup needs to draw its first frame, in one round trip to the background. */
const PopupStateSchema = v.object({
  configured: v.boolean(),
  autoShorten: v.boolean(),
  copyToClipboard: v.boolean(),
  keywordType: KeywordTypeSchema,
  /** The link already made for the popup's URL, from the local cache (no network). */
  cached: v.nullable(LinkViewSchema),
  /**
   * Asked with `shortenNow` and the user's defaults say "shorten on open"
   * (HASH keyword): the outcome, from the cache or the service. Saves the
   * popup a second round trip to the background.
   */
  shortened: v.optional(ShortenAnswerSchema),
  recent: v.array(LinkViewSchema),
});

const ConnectionInputSchema = v.strictObject({ baseUrl: Text(2048), token: Text(4096), workspaceId: Text(200) });

const PreferencesViewSchema = v.strictObject({
  autoShorten: v.boolean(),
  copyToClipboard: v.boolean(),
  keywordType: KeywordTypeSchema,
  /** A set-up custom domain of the workspace; '' for the service's own domain. */
  defaultDomain: Text(300),
  notifyQueued: v.boolean(),
  /** Put on every new link; each checked by the tag rules when saved (lib/background/connection.ts). */
  defaultTags: v.pipe(v.array(Text(200)), v.maxLength(200)),
  theme: v.picklist(THEME_VALUES),
});

const SettingsViewSchema = v.object({
  /** null until a connection is saved. Options is an extension page: it may show the token it saved. */
  connection: v.nullable(ConnectionInputSchema),
  preferences: PreferencesViewSchema,
});

const TEST_PROBLEMS = [
  'not-configured',
  'no-permission',
  'unreachable',
  'timeout',
  'refused-token',
  'workspace-not-granted',
  'service-error',
  'invalid-response',
] as const;

const TestConnectionAnswerSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), workspaceId: v.string(), linkCount: v.number() }),
  /** `message`: the service's own words for 'service-error' (it names the rule); pages show it inside a catalogue sentence. */
  v.object({ ok: v.literal(false), problem: v.picklist(TEST_PROBLEMS), message: v.optional(v.string()) }),
]);

/** What a queued item does, from its kind and payload; the page words it (lib/i18n/queue-text.ts). */
const QueueWorkViewSchema = v.variant('kind', [
  /** `shortUrl`: the link exists already, only its tags wait. */
  v.object({ kind: v.literal('create-link'), longUrl: v.string(), keyword: v.optional(v.string()), tags: v.array(v.string()), shortUrl: v.optional(v.string()) }),
  v.object({ kind: v.literal('update-link'), linkId: v.string(), tags: v.array(v.string()), deleteLink: v.boolean() }),
  v.object({ kind: v.literal('create-tag'), tag: v.string() }),
  v.object({ kind: v.literal('track-lead'), eventName: v.string(), customerId: v.string() }),
  v.object({ kind: v.literal('track-sale'), eventName: v.string(), amount: v.number(), currency: v.string() }),
]);

const QueueItemViewSchema = v.object({
  id: v.string(),
  work: QueueWorkViewSchema,
  /** pending: sent again automatically; paused: waits for a working token; failed: the service refused it. */
  state: v.picklist(['pending', 'paused', 'failed']),
  createdAt: v.number(),
  attempts: v.number(),
  /** When a pending item is sent again by itself; null for failed and paused ones, which wait for the user. */
  nextAttemptAt: v.nullable(v.number()),
  /** The profile it replays under (absent on items queued before profiles existed: they go to the active one). */
  profileId: v.optional(v.string()),
  /**
   * Why the last attempt failed, in words (lib/i18n/queue-error-text.ts), made by
   * the background: the options page then needs none of the error-wording
   * modules, which it would share with the popup's first load.
   */
  lastError: v.optional(v.string()),
});

const QueueStatusSchema = v.object({
  items: v.array(QueueItemViewSchema),
  /** The service refused the token: nothing is sent until the connection is fixed. */
  pausedForAuth: v.boolean(),
});

/** A lead for a link: the form's fields as typed (the background applies the service's rules, lib/conversions/record.ts). */
const RecordLeadRequestSchema = v.strictObject({
  linkId: Text(200),
  eventName: Text(1000),
  customerId: Text(1000),
  customerName: v.optional(Text(1000)),
  customerEmail: v.optional(Text(1000)),
});

/** A sale: a lead's fields plus the amount, already in minor units (the page parses the user's decimal). */
const RecordSaleRequestSchema = v.strictObject({
  ...RecordLeadRequestSchema.entries,
  amount: v.number(),
  currency: Text(10),
  invoiceId: v.optional(Text(1000)),
  paymentProcessor: v.optional(Text(1000)),
});

export const ConversionAnswerSchema = v.variant('status', [
  /** `timestamp`: when the service stored the event (ISO 8601). */
  v.object({ status: v.literal('done'), timestamp: v.string() }),
  v.object({ status: v.literal('queued'), itemId: v.string() }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
]);

/** Side panel: a link's analytics, as the service sent them (read block by block, never trusted, by lib/analytics-view). */
const LinkAnalyticsAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), data: v.unknown(), fetchedAt: v.number() }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
]);

/** Side panel picker: one page of the workspace's links, newest first. */
const LinkPageAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), links: v.array(LinkViewSchema), nextCursor: v.nullable(v.number()) }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
]);

/** Custom domains (lib/background/domains.ts): the options page's list and forms, and the popup's and defaults' pickers. */
const DnsRecordViewSchema = v.object({ recordType: v.string(), hostname: v.string(), pointsTo: v.string() });

export const DomainViewSchema = v.object({
  id: v.string(),
  /** As the service stores it: lower-case ASCII (punycode); pages show it with toUnicodeHost. */
  domain: v.string(),
  isSubDomain: v.boolean(),
  setUp: v.boolean(),
  dnsConfigured: v.boolean(),
  sslConfigured: v.boolean(),
  pingVerified: v.boolean(),
  nameservers: v.array(v.string()),
  /** '' when the service does not know them. */
  registrarName: v.string(),
  registrarWebsite: v.string(),
  httpToHttps: v.boolean(),
  /** The record the listing carries: the ownership proof (TXT `_shortlink-challenge.<domain>`). */
  record: DnsRecordViewSchema,
  createdDate: v.string(),
});

const DomainRefused = [
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
] as const;

const DomainListAnswerSchema = v.variant('status', [
  v.object({
    status: v.literal('done'),
    domains: v.array(DomainViewSchema),
    totalCount: v.number(),
    /** 1-based, as the service's pageInfo. */
    pageNumber: v.number(),
    totalPages: v.number(),
    nextCursor: v.nullable(v.number()),
    /** The service's own host: a domain that cannot be connected. */
    serviceHost: v.string(),
  }),
  ...DomainRefused,
]);

const DomainChoicesAnswerSchema = v.variant('status', [
  /** `domains`: the set-up ones (ASCII); `defaultDomain`: the options' default, '' for the service's own. */
  v.object({ status: v.literal('done'), domains: v.array(v.string()), defaultDomain: v.string() }),
  ...DomainRefused,
]);

const ConnectProblemSchema = v.picklist(
  keysOf<ConnectProblem>({
    empty: true,
    scheme: true,
    spaces: true,
    path: true,
    port: true,
    characters: true,
    invalid: true,
    'too-long': true,
    'one-label': true,
    'label-too-long': true,
    'label-invalid': true,
    'ip-address': true,
    'own-domain': true,
    'already-connected': true,
  }),
);

const ConnectDomainAnswerSchema = v.variant('status', [
  /** `records`: what to publish, the ownership proof first. */
  v.object({ status: v.literal('done'), id: v.string(), domain: v.string(), records: v.array(DnsRecordViewSchema) }),
  /** Refused before sending (or the service said the name is taken): shown next to the field. */
  v.object({ status: v.literal('invalid'), problem: v.union([ConnectProblemSchema, v.literal('taken')]) }),
  ...DomainRefused,
]);

const DomainCheckAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), domain: DomainViewSchema }),
  /** The workspace no longer has it (deleted elsewhere). */
  v.object({ status: v.literal('gone') }),
  ...DomainRefused,
]);

const DomainChangeAnswerSchema = v.variant('status', [v.object({ status: v.literal('done') }), ...DomainRefused]);

const DomainId = v.pipe(Text(100), v.minLength(1));

/** A tag name as the service may send it (lib/background/tags.ts checks each by the tag rules). */
const TagName = Text(TAG_MAX_LENGTH);

/** The workspace's tags, or why they are not known; a malformed list from the service is an error, never a partial list. */
const TagListAnswerSchema = v.variant('status', [
  /** cachedAt: the service could not be reached; this is the list it sent at that time (epoch ms). */
  v.object({ status: v.literal('done'), tags: v.array(TagName), cachedAt: v.optional(v.number()) }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
]);

const CreateTagAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), tag: TagName }),
  v.object({ status: v.literal('queued'), itemId: v.string() }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
]);

/** The tags now on the link (as the service stored them). */
const SetLinkTagsAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), tags: v.array(TagName) }),
  v.object({ status: v.literal('queued'), itemId: v.string() }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
]);

/** Popup's recent links: one row of the workspace's link list, as the list draws it. */
const RecentRowSchema = v.object({
  ...LinkViewSchema.entries,
  /** The destination's metadata title, when the service found one. */
  title: v.optional(v.string()),
  clicks: v.number(),
  tags: v.array(v.string()),
});

/** Popup's recent links: one page of the workspace's links from the service, newest first. */
const LinkListAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), rows: v.array(RecentRowSchema), nextCursor: v.nullable(v.number()) }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
]);

/** Deleting a link from the recent list: done, queued (offline), or refused. */
const LinkDeleteAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done') }),
  v.object({ status: v.literal('queued'), itemId: v.string() }),
  v.object({ status: v.literal('error'), error: ErrorViewSchema }),
  v.object({ status: v.literal('not-configured') }),
]);

const LinkIdSchema = v.pipe(Text(100), v.minLength(1));

export const PROTOCOL = {
  popupState: {
    request: v.strictObject({ url: v.optional(Text(8192)), shortenNow: v.optional(v.boolean()) }),
    answer: PopupStateSchema,
  },
  shorten: { request: ShortenRequestSchema, answer: ShortenAnswerSchema },
  recentLinks: {
    request: v.strictObject({ limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) }),
    answer: v.array(LinkViewSchema),
  },
  getSettings: { request: Empty, answer: SettingsViewSchema },
  savePreferences: { request: PreferencesViewSchema, answer: v.object({ ok: v.literal(true) }) },
  testConnection: { request: v.strictObject({ profileId: v.optional(Text(200)) }), answer: TestConnectionAnswerSchema },
  queueStatus: { request: Empty, answer: QueueStatusSchema },
  /** One item (`id`), or every item the user sees. */
  retryQueue: { request: v.strictObject({ id: v.optional(Text(200)) }), answer: QueueStatusSchema },
  discardQueueItem: { request: v.strictObject({ id: Text(200) }), answer: QueueStatusSchema },
  copyText: { request: v.strictObject({ text: Text(8192) }), answer: v.object({ copied: v.boolean() }) },
  recordLead: { request: RecordLeadRequestSchema, answer: ConversionAnswerSchema },
  recordSale: { request: RecordSaleRequestSchema, answer: ConversionAnswerSchema },
  linkAnalytics: { request: v.strictObject({ linkId: v.pipe(Text(100), v.minLength(1)) }), answer: LinkAnalyticsAnswerSchema },
  linkPage: {
    request: v.strictObject({ cursor: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000)) }),
    answer: LinkPageAnswerSchema,
  },
  domainList: {
    request: v.strictObject({ cursor: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000)) }),
    answer: DomainListAnswerSchema,
  },
  domainChoices: { request: Empty, answer: DomainChoicesAnswerSchema },
  connectDomain: {
    request: v.strictObject({ domain: Text(1000), idempotencyKey: v.pipe(Text(100), v.minLength(1)) }),
    answer: ConnectDomainAnswerSchema,
  },
  domainCheck: { request: v.strictObject({ id: DomainId }), answer: DomainCheckAnswerSchema },
  domainHttps: { request: v.strictObject({ id: DomainId, httpToHttps: v.boolean() }), answer: DomainChangeAnswerSchema },
  domainDelete: { request: v.strictObject({ id: DomainId }), answer: DomainChangeAnswerSchema },
  listTags: { request: Empty, answer: TagListAnswerSchema },
  createTag: { request: v.strictObject({ tag: Text(200) }), answer: CreateTagAnswerSchema },
  /** Replaces a link's tags (PATCH /link): the customise panel's "tags only" path reuses the link instead of making another. */
  /** Tags as typed: the background applies the tag rules and words what breaks them (lib/background/tags.ts). */
  setLinkTags: {
    request: v.strictObject({ linkId: LinkIdSchema, tags: v.pipe(v.array(Text(1000)), v.maxLength(1000)) }),
    answer: SetLinkTagsAnswerSchema,
  },
  /** The tags a link has, as far as the local cache knows (no request): null when it does not know. */
  linkTags: { request: v.strictObject({ linkId: v.pipe(Text(100), v.minLength(1)) }), answer: v.object({ tags: v.nullable(v.array(TagName)) }) },
  linkList: {
    request: v.strictObject({ cursor: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000)) }),
    answer: LinkListAnswerSchema,
  },
  deleteLink: { request: v.strictObject({ linkId: LinkIdSchema }), answer: LinkDeleteAnswerSchema },
  profiles: { request: Empty, answer: ProfilesViewSchema },
  saveProfile: { request: SaveProfileRequestSchema, answer: SaveProfileAnswerSchema },
  switchProfile: { request: v.strictObject({ id: Text(200) }), answer: v.object({ ok: v.boolean() }) },
  deleteProfile: { request: DeleteProfileRequestSchema, answer: DeleteProfileAnswerSchema },
  exportSettings: { request: Empty, answer: SettingsFileSchema },
  importSettings: { request: SettingsFileSchema, answer: ImportSettingsAnswerSchema },
} satisfies Record<string, { request: v.GenericSchema; answer: v.GenericSchema }>;
