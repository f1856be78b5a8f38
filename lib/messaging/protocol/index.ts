/**
 * The one definition of the messages between extension pages and the
 * background: message name -> valibot schemas of its request and its answer,
 * one file per resource beside this one. The background checks both
 * (lib/background/dispatcher.ts); the TypeScript types pages use are inferred
 * from here in lib/messaging/send-message.ts, imported as types only, so none
 * of this (nor valibot) reaches the popup's bundle.
 *
 * To add a message: one entry in its resource's file, one handler in
 * lib/background/handlers.ts. A new resource: its file, and its messages
 * spread in below.
 */
import type * as v from 'valibot';
import { ANALYTICS_MESSAGES } from './analytics';
import { BULK_MESSAGES } from './bulk';
import { CAMPAIGN_MESSAGES } from './campaign';
import { CLIPBOARD_MESSAGES } from './clipboard';
import { CONVERSION_MESSAGES } from './conversions';
import { DOMAIN_MESSAGES } from './domains';
import { LINK_MESSAGES } from './links';
import { POPUP_MESSAGES } from './popup';
import { PROFILE_MESSAGES } from './profiles';
import { QUEUE_MESSAGES } from './queue';
import { SETTINGS_FILE_MESSAGES } from './settings-file';
import { SETTINGS_MESSAGES } from './settings';
import { TAG_MESSAGES } from './tags';
import { WATCH_MESSAGES } from './watch';

export { ErrorViewSchema } from './answers';
export { DomainViewSchema } from './domains';
export { LinkViewSchema, ShortenAnswerSchema, ShortenRequestSchema } from './links';

// A name in two resources would be shadowed silently by the later spread:
// test/unit/messaging/protocol.test.ts holds every name to one resource.
export const PROTOCOL = {
  ...POPUP_MESSAGES,
  ...LINK_MESSAGES,
  ...SETTINGS_MESSAGES,
  ...QUEUE_MESSAGES,
  ...CLIPBOARD_MESSAGES,
  ...CONVERSION_MESSAGES,
  ...ANALYTICS_MESSAGES,
  ...DOMAIN_MESSAGES,
  ...TAG_MESSAGES,
  ...PROFILE_MESSAGES,
  ...SETTINGS_FILE_MESSAGES,
  ...BULK_MESSAGES,
  ...CAMPAIGN_MESSAGES,
  ...WATCH_MESSAGES,
} satisfies Record<string, { request: v.GenericSchema; answer: v.GenericSchema }>;
