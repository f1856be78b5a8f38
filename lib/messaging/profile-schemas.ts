/**
 * The messages about profiles and the settings file, as valibot schemas:
 * PROTOCOL (lib/messaging/protocol.ts) names them, the background checks them, and the
 * options page validates an imported file with the same schema before it is
 * sent. Kept out of lib/messaging/protocol.ts so that file only gains their names.
 */
import * as v from 'valibot';
import { KEYWORD_TYPES } from '../contract/schemas/link';
import { CONNECTION_PROBLEMS } from '../storage/connection-rules';
import { PROFILE_NAME_MAX, PROFILE_NAME_PROBLEMS } from '../storage/profiles';

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** What the service said when the profile was checked before saving, as a problem of the field to fix. */
export const PROFILE_SERVICE_PROBLEMS = [
  'service-no-permission',
  'service-unreachable',
  'service-timeout',
  'service-not-api',
  'service-refused-token',
  'service-workspace-not-granted',
  'service-error',
] as const;

export const PROFILE_PROBLEMS = [...CONNECTION_PROBLEMS, ...PROFILE_NAME_PROBLEMS, ...PROFILE_SERVICE_PROBLEMS] as const;
export type ProfileFieldProblem = (typeof PROFILE_PROBLEMS)[number];
const ProblemSchema = v.picklist(PROFILE_PROBLEMS);

/** Options is an extension page: it may show the tokens it saved. */
export const ProfileViewSchema = v.object({
  id: v.string(),
  name: v.string(),
  baseUrl: v.string(),
  token: v.string(),
  workspaceId: v.string(),
});

export const ProfilesViewSchema = v.object({ activeId: v.string(), profiles: v.array(ProfileViewSchema) });

export const SaveProfileRequestSchema = v.strictObject({
  /** Absent: a new profile. */
  id: v.optional(Text(200)),
  name: Text(1000),
  baseUrl: Text(2048),
  token: Text(4096),
  workspaceId: Text(200),
  /** Make it the active profile once saved. */
  activate: v.boolean(),
});

export const SaveProfileAnswerSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), id: v.string() }),
  v.object({
    ok: v.literal(false),
    problems: v.object({
      name: v.optional(ProblemSchema),
      baseUrl: v.optional(ProblemSchema),
      token: v.optional(ProblemSchema),
      workspaceId: v.optional(ProblemSchema),
    }),
    /** The service's own words, for 'service-error'. */
    message: v.optional(v.string()),
  }),
]);

export const DeleteProfileRequestSchema = v.strictObject({
  id: Text(200),
  /** The user confirmed that the profile's waiting items are discarded with it. */
  discardQueued: v.boolean(),
});

export const DeleteProfileAnswerSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), discarded: v.number() }),
  /** Items wait under this profile: nothing was deleted; ask the user first. */
  v.object({ ok: v.literal(false), queued: v.number() }),
]);

export const THEME_VALUES = ['system', 'light', 'dark'] as const;

/** The settings file's format name and version: a file of another format is refused, not guessed at. */
export const SETTINGS_FILE_FORMAT = 'shortlink-settings';
export const SETTINGS_FILE_VERSION = 1;
/** More than anyone keeps by hand; bounds the work an odd file can cause. */
export const SETTINGS_FILE_PROFILES_MAX = 50;

const FileProfileSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PROFILE_NAME_MAX)),
  baseUrl: Text(2048),
  workspaceId: Text(200),
});

/**
 * Exported settings: profiles WITHOUT tokens, and preferences. Unknown keys
 * are ignored (a newer version's extra preferences); a preference left out
 * keeps its current value.
 */
export const SettingsFileSchema = v.object({
  format: v.literal(SETTINGS_FILE_FORMAT),
  version: v.literal(SETTINGS_FILE_VERSION),
  /** The name of the profile that was active, if any. */
  active: v.optional(v.string()),
  profiles: v.pipe(v.array(FileProfileSchema), v.maxLength(SETTINGS_FILE_PROFILES_MAX)),
  preferences: v.object({
    autoShorten: v.optional(v.boolean()),
    copyToClipboard: v.optional(v.boolean()),
    keywordType: v.optional(v.picklist(KEYWORD_TYPES)),
    defaultDomain: v.optional(v.nullable(Text(300))),
    notifyQueued: v.optional(v.boolean()),
    theme: v.optional(v.picklist(THEME_VALUES)),
  }),
});

export type SettingsFile = v.InferOutput<typeof SettingsFileSchema>;

export const IMPORT_PROBLEMS = ['duplicate-name', 'base-url-invalid', 'workspace-invalid'] as const;

export const ImportSettingsAnswerSchema = v.variant('ok', [
  /** `needToken`: ids of the profiles that came without a token (every new one). */
  v.object({ ok: v.literal(true), needToken: v.array(v.string()) }),
  /** Nothing was applied; `index` is the offending profile's place in the file. */
  v.object({ ok: v.literal(false), problem: v.picklist(IMPORT_PROBLEMS), index: v.number() }),
]);
