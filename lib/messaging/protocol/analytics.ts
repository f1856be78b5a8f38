/** A link's analytics, for the side panel. */
import * as v from 'valibot';
import { REFUSED } from './answers';
import { LinkIdSchema } from './ids';

/** As the service sent them: read block by block, never trusted, by lib/analytics-view. */
const LinkAnalyticsAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), data: v.unknown(), fetchedAt: v.number() }),
  ...REFUSED,
]);

export const ANALYTICS_MESSAGES = {
  linkAnalytics: { request: v.strictObject({ linkId: LinkIdSchema }), answer: LinkAnalyticsAnswerSchema },
};
