/** The popup's first frame. */
import * as v from 'valibot';
import { KeywordTypeSchema, Text } from './fields';
import { LinkViewSchema, ShortenAnswerSchema } from './links';
import { CheckOutcomeSchema } from './watch';

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
  /**
   * No link for the URL in the active profile, but one in another profile's
   * cache or recent list: nothing was made, and the popup offers that link
   * or a new one here (lib/background/links/elsewhere.ts).
   */
  elsewhere: v.optional(v.object({ profile: v.string(), link: LinkViewSchema })),
  /**
   * With the destination check on and no link to the page yet: the page
   * itself is broken (gone, failing, looping). Nothing was made; the popup
   * warns first (lib/background/watch/page-problem.ts).
   */
  pageProblem: v.optional(CheckOutcomeSchema),
  recent: v.array(LinkViewSchema),
});

export const POPUP_MESSAGES = {
  popupState: {
    request: v.strictObject({
      url: v.optional(Text(8192)),
      shortenNow: v.optional(v.boolean()),
      /** The active tab the toolbar popup was opened on: the page's own status is read there. */
      tabId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    }),
    answer: PopupStateSchema,
  },
};
