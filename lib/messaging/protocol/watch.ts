/**
 * The destination watch (lib/watch, lib/background/watch): whether it is on,
 * a check now, what it found for the options page's "Links to check" and the
 * marks on the popup's and side panel's links.
 */
import * as v from 'valibot';
import { WATCH_STATES } from '../../watch/watch-outcome';
import { Empty } from './fields';
import { LinkIdSchema } from './ids';

const ReasonSchema = v.variant('kind', [
  v.object({ kind: v.literal('answered'), status: v.pipe(v.number(), v.integer()) }),
  v.object({ kind: v.literal('other-site'), host: v.string() }),
  v.object({ kind: v.literal('login'), host: v.string() }),
  v.object({ kind: v.literal('unreachable') }),
  v.object({ kind: v.literal('timeout') }),
  v.object({ kind: v.literal('too-many-redirects') }),
  v.object({ kind: v.literal('redirect-loop') }),
  v.object({ kind: v.literal('local-address') }),
  v.object({ kind: v.literal('not-web') }),
]);

/** What a check found: a page the popup is about to shorten, when it is broken (lib/background/watch/page-problem.ts). */
export const CheckOutcomeSchema = v.object({ state: v.picklist(WATCH_STATES), reason: ReasonSchema });

/** A link's last check, as pages show it. */
export const WatchMarkSchema = v.object({
  linkId: v.string(),
  url: v.string(),
  shortUrl: v.optional(v.string()),
  state: v.picklist(WATCH_STATES),
  reason: ReasonSchema,
  checkedAt: v.number(),
  since: v.number(),
  lastFineAt: v.nullable(v.number()),
});

const WatchStatusSchema = v.object({
  enabled: v.boolean(),
  /** Whether the browser grants reaching any site; the watch is off without it. */
  permitted: v.boolean(),
  configured: v.boolean(),
  /** A run under way: how far it is; null between runs. */
  running: v.nullable(v.object({ checked: v.number(), total: v.number() })),
  lastFinishedAt: v.nullable(v.number()),
  /** The active profile's links that are not fine. */
  problems: v.array(WatchMarkSchema),
});

const WATCH_REFUSALS = ['no-permission', 'not-configured', 'off'] as const;

export const WATCH_MESSAGES = {
  watchStatus: { request: Empty, answer: WatchStatusSchema },
  /** Turning it on: the page has asked for the permission first (a user's click is needed for it). */
  setWatch: {
    request: v.strictObject({ enabled: v.boolean() }),
    answer: v.variant('ok', [v.object({ ok: v.literal(true) }), v.object({ ok: v.literal(false), problem: v.picklist(WATCH_REFUSALS) })]),
  },
  watchCheckNow: {
    request: Empty,
    answer: v.variant('ok', [v.object({ ok: v.literal(true) }), v.object({ ok: v.literal(false), problem: v.picklist(WATCH_REFUSALS) })]),
  },
  /** The marks of the active profile's links named (the popup's recent rows, the side panel's link); fine links are left out. */
  watchMarks: { request: v.strictObject({ linkIds: v.pipe(v.array(LinkIdSchema), v.maxLength(100)) }), answer: v.array(WatchMarkSchema) },
};
