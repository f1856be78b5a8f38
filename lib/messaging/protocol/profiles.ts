/**
 * Profiles (options page): the list, saving one (checked with the service
 * first), switching, and deleting one with or without its queued items.
 */
import * as v from 'valibot';
import { CONNECTION_PROBLEMS } from '../../storage/connection-rules';
import { PROFILE_NAME_PROBLEMS } from '../../storage/profiles';
import { Empty, Text } from './fields';
import { ProfileIdSchema } from './ids';

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

const PROFILE_PROBLEMS = [...CONNECTION_PROBLEMS, ...PROFILE_NAME_PROBLEMS, ...PROFILE_SERVICE_PROBLEMS] as const;
export type ProfileFieldProblem = (typeof PROFILE_PROBLEMS)[number];
const ProblemSchema = v.picklist(PROFILE_PROBLEMS);

/** Options is an extension page: it may show the tokens it saved. */
const ProfileViewSchema = v.object({
  id: v.string(),
  name: v.string(),
  baseUrl: v.string(),
  token: v.string(),
  workspaceId: v.string(),
});

const ProfilesViewSchema = v.object({ activeId: v.string(), profiles: v.array(ProfileViewSchema) });

const SaveProfileRequestSchema = v.strictObject({
  /** Absent: a new profile. */
  id: v.optional(ProfileIdSchema),
  name: Text(1000),
  baseUrl: Text(2048),
  token: Text(4096),
  workspaceId: Text(200),
  /** Make it the active profile once saved. */
  activate: v.boolean(),
});

const SaveProfileAnswerSchema = v.variant('ok', [
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

const DeleteProfileRequestSchema = v.strictObject({
  id: ProfileIdSchema,
  /** The user confirmed that the profile's waiting items are discarded with it. */
  discardQueued: v.boolean(),
});

const DeleteProfileAnswerSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), discarded: v.number() }),
  /** Items wait under this profile: nothing was deleted; ask the user first. */
  v.object({ ok: v.literal(false), queued: v.number() }),
]);

export const PROFILE_MESSAGES = {
  profiles: { request: Empty, answer: ProfilesViewSchema },
  saveProfile: { request: SaveProfileRequestSchema, answer: SaveProfileAnswerSchema },
  switchProfile: { request: v.strictObject({ id: ProfileIdSchema }), answer: v.object({ ok: v.boolean() }) },
  deleteProfile: { request: DeleteProfileRequestSchema, answer: DeleteProfileAnswerSchema },
};
