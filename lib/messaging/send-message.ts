/**
 * The page side of the protocol in lib/messaging/protocol/: the types of every
 * request and answer, inferred from its schemas, and `sendMessage`.
 *
 * Only types come from lib/messaging/protocol/ (`import type`): the popup imports
 * this file and must stay within its byte budget, so no valibot here.
 *
 * Why not @webext-core/messaging: its listener hands each handler the
 * message with its sender, so the foreign-sender refusal and the shape check
 * would be repeated in (or wrapped around) every handler instead of running
 * once before any handler, as lib/background/dispatcher.ts does; and it would
 * add a runtime dependency to the popup's bundle for what `sendVia`
 * (./send-via.ts) does in ten lines. We keep its idea: one map, name -> request and answer.
 */
import type * as v from 'valibot';
import { browser } from '../browser/native-api';
import { sendVia } from './send-via';
import type { AnswerOf, RequestOf } from './message-map';
import type { ErrorViewSchema, LinkViewSchema, ShortenAnswerSchema, ShortenRequestSchema } from './protocol';

export type { AnswerOf, MessageName, RequestOf } from './message-map';

/** A link as every page shows it (popup result, recent links, side panel). */
export type LinkView = v.InferOutput<typeof LinkViewSchema>;
/** What the UI needs to explain a failure (lib/api/errors.ts). Never carries the token. */
export type ErrorView = v.InferOutput<typeof ErrorViewSchema>;
export type ShortenRequest = v.InferOutput<typeof ShortenRequestSchema>;
export type ShortenAnswer = v.InferOutput<typeof ShortenAnswerSchema>;
export type PopupState = AnswerOf<'popupState'>;
export type SettingsView = AnswerOf<'getSettings'>;
export type PreferencesView = RequestOf<'savePreferences'>;
export type TestConnectionAnswer = AnswerOf<'testConnection'>;
export type QueueStatus = AnswerOf<'queueStatus'>;
export type QueueItemView = QueueStatus['items'][number];
export type QueueWorkView = QueueItemView['work'];
export type RecordLeadRequest = RequestOf<'recordLead'>;
export type RecordSaleRequest = RequestOf<'recordSale'>;
export type ConversionAnswer = AnswerOf<'recordSale'>;
/** One row of the recent list as the background sends it. */
/** One of the local cache's recent links, with what the service last listed of it (the popup's list offline). */

export type { Reply, Send } from './send-via';

export const sendMessage = sendVia(browser.runtime);
