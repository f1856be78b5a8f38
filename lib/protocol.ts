/**
 * The one definition of the messages between extension pages and the
 * background: message name -> valibot schemas of its request and its answer.
 * The background checks both (lib/background/dispatcher.ts); the TypeScript
 * types pages use are inferred from here in lib/messages.ts, imported as
 * types only, so none of this (nor valibot) reaches the popup's bundle.
 *
 * To add a message: one entry here, one handler in lib/background/handlers.ts.
 */
import * as v from 'valibot';
import type { ErrorInfo } from './api/errors';
import { KEYWORD_TYPES } from './api/schemas/link';
import { CONNECTION_PROBLEMS } from './connection-rules';
import type { UrlProblem } from './url';

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
});

export const ShortenAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), link: LinkViewSchema, fromCache: v.boolean() }),
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
});

const SettingsViewSchema = v.object({
  /** null until a connection is saved. Options is an extension page: it may show the token it saved. */
  connection: v.nullable(ConnectionInputSchema),
  preferences: PreferencesViewSchema,
});

const ProblemSchema = v.picklist(CONNECTION_PROBLEMS);
const SaveConnectionAnswerSchema = v.variant('ok', [
  v.object({ ok: v.literal(true) }),
  v.object({
    ok: v.literal(false),
    problems: v.object({ baseUrl: v.optional(ProblemSchema), token: v.optional(ProblemSchema), workspaceId: v.optional(ProblemSchema) }),
  }),
]);

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

const QueueItemViewSchema = v.object({
  id: v.string(),
  /** What the item makes: the long URL of a link, the tag of a tag. */
  subject: v.string(),
  /** pending: sent again automatically; paused: waits for a working token; failed: the service refused it. */
  state: v.picklist(['pending', 'paused', 'failed']),
  createdAt: v.number(),
  attempts: v.number(),
  /** When a pending item is tried again (absent for paused and failed ones, which wait for the user). */
  nextAttemptAt: v.optional(v.number()),
  /** Why the last attempt failed, in the service's words when it gave some. */
  message: v.optional(v.string()),
});

const QueueStatusSchema = v.object({
  items: v.array(QueueItemViewSchema),
  /** The service refused the token: nothing is sent until the connection is fixed. */
  pausedForAuth: v.boolean(),
});

/** A lead for a link: the form's fields as typed (the background applies the service's rules, lib/conversions.ts). */
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
  saveConnection: { request: ConnectionInputSchema, answer: SaveConnectionAnswerSchema },
  savePreferences: { request: PreferencesViewSchema, answer: v.object({ ok: v.literal(true) }) },
  testConnection: { request: Empty, answer: TestConnectionAnswerSchema },
  queueStatus: { request: Empty, answer: QueueStatusSchema },
  retryQueue: { request: Empty, answer: QueueStatusSchema },
  discardQueueItem: { request: v.strictObject({ id: Text(200) }), answer: QueueStatusSchema },
  copyText: { request: v.strictObject({ text: Text(8192) }), answer: v.object({ copied: v.boolean() }) },
  recordLead: { request: RecordLeadRequestSchema, answer: ConversionAnswerSchema },
  recordSale: { request: RecordSaleRequestSchema, answer: ConversionAnswerSchema },
  linkAnalytics: { request: v.strictObject({ linkId: v.pipe(Text(100), v.minLength(1)) }), answer: LinkAnalyticsAnswerSchema },
  linkPage: {
    request: v.strictObject({ cursor: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000)) }),
    answer: LinkPageAnswerSchema,
  },
} satisfies Record<string, { request: v.GenericSchema; answer: v.GenericSchema }>;
