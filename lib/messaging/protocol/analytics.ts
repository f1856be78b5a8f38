/** A link's analytics, for the side panel. */
import * as v from 'valibot';
import { MAX_TIME_ZONE_LENGTH } from '../../contract/time-zone';
import { REFUSED } from './answers';
import { Text } from './fields';
import { LinkIdSchema } from './ids';

/** As the service sent them: read block by block, never trusted, by lib/analytics-view. */
const LinkAnalyticsAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), data: v.unknown(), fetchedAt: v.number() }),
  ...REFUSED,
]);

export const ANALYTICS_MESSAGES = {
  /** `timeZone`: the page's zone, for the days (lib/api/client.ts); the background's own when absent. */
  linkAnalytics: {
    request: v.strictObject({ linkId: LinkIdSchema, timeZone: v.optional(Text(MAX_TIME_ZONE_LENGTH)) }),
    answer: LinkAnalyticsAnswerSchema,
  },
};
