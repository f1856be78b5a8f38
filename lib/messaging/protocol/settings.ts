/** Settings: the active connection and the preferences (options page), and checking a connection. */
import * as v from 'valibot';
import { Empty, KeywordTypeSchema, Text } from './fields';
import { ProfileIdSchema } from './ids';

export const THEME_VALUES = ['system', 'light', 'dark'] as const;

const ConnectionInputSchema = v.strictObject({ baseUrl: Text(2048), token: Text(4096), workspaceId: Text(200) });

const PreferencesViewSchema = v.strictObject({
  autoShorten: v.boolean(),
  copyToClipboard: v.boolean(),
  keywordType: KeywordTypeSchema,
  /** A set-up custom domain of the workspace; '' for the service's own domain. */
  defaultDomain: Text(300),
  notifyQueued: v.boolean(),
  /** Put on every new link; each checked by the tag rules when saved (lib/background/settings/connection.ts). */
  defaultTags: v.pipe(v.array(Text(200)), v.maxLength(200)),
  theme: v.picklist(THEME_VALUES),
  /** Remove tracking parameters before shortening. */
  cleanLinks: v.boolean(),
  /** Addresses that differ only in utm_* values are the same page for "You already have a link". */
  samePageIgnoresCampaign: v.boolean(),
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

export const SETTINGS_MESSAGES = {
  getSettings: { request: Empty, answer: SettingsViewSchema },
  savePreferences: { request: PreferencesViewSchema, answer: v.object({ ok: v.literal(true) }) },
  /** The active profile's connection, or the one named. */
  testConnection: { request: v.strictObject({ profileId: v.optional(ProfileIdSchema) }), answer: TestConnectionAnswerSchema },
};
