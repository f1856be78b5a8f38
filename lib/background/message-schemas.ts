/**
 * The shape of every request the background accepts, checked before any
 * handler runs. A message that matches none is refused: pages are trusted
 * code, but a shape check keeps a bug in one page from reaching storage or
 * the network with garbage.
 */
import * as v from 'valibot';
import { KEYWORD_TYPES } from '../api/schemas/link';
import type { MessageName } from '../messages';

const Empty = v.strictObject({});
// Generous bounds: the real rules (URL, keyword, token) are applied by the
// handlers with their own messages; these only stop absurd payloads.
const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const REQUEST_SCHEMAS = {
  popupState: v.strictObject({ url: v.optional(Text(8192)), shortenNow: v.optional(v.boolean()) }),
  shorten: v.strictObject({
    url: Text(8192),
    keywordType: v.optional(v.picklist(KEYWORD_TYPES)),
    keyword: v.optional(Text(200)),
    customDomain: v.optional(Text(300)),
    force: v.optional(v.boolean()),
  }),
  getCachedLink: v.strictObject({ url: Text(8192) }),
  recentLinks: v.strictObject({ limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) }),
  saveConnection: v.strictObject({ baseUrl: Text(2048), token: Text(4096), workspaceId: Text(200) }),
  getSettings: Empty,
  savePreferences: v.strictObject({
    autoShorten: v.boolean(),
    copyToClipboard: v.boolean(),
    keywordType: v.picklist(KEYWORD_TYPES),
    defaultDomain: Text(300),
    notifyQueued: v.boolean(),
  }),
  testConnection: Empty,
  queueStatus: Empty,
  retryQueue: Empty,
  discardQueueItem: v.strictObject({ id: Text(200) }),
  copyText: v.strictObject({ text: Text(8192) }),
} satisfies Record<MessageName, v.GenericSchema>;
