/** Campaign values: the active profile's saved templates, for the popup's Customise (issue 25). */
import * as v from 'valibot';
import { TEMPLATE_NAME_MAX, TEMPLATES_MAX } from '../../campaign/template';
import { UTM_VALUE_MAX } from '../../campaign/utm';
import { Empty, Text } from './fields';
import { UtmAskSchema } from './links';

const UtmValue = Text(UTM_VALUE_MAX);

/** A template as Customise offers it: its name on the button, the values it fills in. */
const CampaignTemplateSchema = v.object({
  id: Text(200),
  name: Text(TEMPLATE_NAME_MAX),
  utm: v.object({ source: UtmValue, medium: UtmValue, campaign: UtmValue, term: UtmValue, content: UtmValue }),
});

export const CAMPAIGN_MESSAGES = {
  /** The active profile's templates, in their saved order; none without a profile. Read from storage, no request. */
  campaignTemplates: { request: Empty, answer: v.pipe(v.array(CampaignTemplateSchema), v.maxLength(TEMPLATES_MAX)) },
  /**
   * The URL a link for `url` would be made for, with these campaign values: cleaned and with its site
   * rule, as the background's shorten would make it (lib/background/links/shorten.ts). null: not a URL it would shorten.
   */
  finalUrl: { request: v.strictObject({ url: Text(8192), utm: v.optional(UtmAskSchema) }), answer: v.nullable(v.string()) },
};
