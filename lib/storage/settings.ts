/**
 * The extension's settings, typed from one defaults object (SETTINGS_DEFAULTS,
 * lib/storage/keys.ts, beside the keys they are stored under). Everything lives in
 * `local:` storage: the token must never reach sync storage (docs/design.md,
 * Security), and splitting the connection across areas would let half of it
 * sync to another browser.
 *
 * Each setting is a WXT storage item with a version and its migrations from
 * day one: a value written by this version is readable by the next, which
 * bumps `version` and adds the step from this shape to its own
 * (test/unit/storage/settings-migration.test.ts). A new field with a default needs no
 * migration: reads fill missing fields from SETTINGS_DEFAULTS.
 */
import { storage, type WxtStorageItemOptions } from 'wxt/utils/storage';
import { validateConnection, type ConnectionVerdict } from './connection-rules';
import {
  activeProfile,
  EMPTY_PROFILE_SET,
  fromSingleConnection,
  MIGRATED_PROFILE_ID,
  PROFILE_NAME_MAX,
  readProfileSet,
  validateProfile,
  withoutProfile,
  withProfile,
  type Profile,
  type ProfileInput,
  type ProfileSet,
  type ProfileVerdict,
} from './profiles';
import { CONNECTION_KEY, PREFERENCES_KEY, SETTINGS_DEFAULTS } from './keys';

/** The active profile's connection; `profileId` names the profile it came from (absent when none is saved). */
export type Connection = typeof SETTINGS_DEFAULTS.connection & { profileId?: string };
export type Preferences = typeof SETTINGS_DEFAULTS.preferences;

/** The stored shape's version of each item, and the steps that bring older values to it. */
export const SETTINGS_VERSION = 1;
/** Version 2: the single connection became a set of profiles (lib/storage/profiles.ts). */
export const CONNECTION_VERSION = 2;
export const CONNECTION_MIGRATIONS: NonNullable<WxtStorageItemOptions<ProfileSet>['migrations']> = {
  2: fromSingleConnection,
};
export const PREFERENCES_MIGRATIONS: NonNullable<WxtStorageItemOptions<Preferences>['migrations']> = {};

/** Every profile and which one is active, under the key the single connection had (the version bump migrates it). */
export const connectionItem = storage.defineItem<ProfileSet>(CONNECTION_KEY, {
  fallback: EMPTY_PROFILE_SET,
  version: CONNECTION_VERSION,
  migrations: CONNECTION_MIGRATIONS,
});

export const preferencesItem = storage.defineItem<Preferences>(PREFERENCES_KEY, {
  fallback: Object.freeze({ ...SETTINGS_DEFAULTS.preferences }),
  version: SETTINGS_VERSION,
  migrations: PREFERENCES_MIGRATIONS,
});

/** Every profile and the active one's id, whatever shape an older write left. */
export async function getProfileSet(): Promise<ProfileSet> {
  return readProfileSet(await connectionItem.getValue());
}

export function connectionOf(profile: Profile | null): Connection {
  if (profile === null) return { ...SETTINGS_DEFAULTS.connection };
  return { baseUrl: profile.baseUrl, token: profile.token, workspaceId: profile.workspaceId, profileId: profile.id };
}

/** The active profile's connection, every field present (empty when no profile is saved). */
export async function getConnection(): Promise<Connection> {
  return connectionOf(activeProfile(await getProfileSet()));
}

/** One profile's connection, active or not (a queued item replays against the profile it was made under); null once deleted. */
export async function getProfileConnection(id: string): Promise<Connection | null> {
  const profile = (await getProfileSet()).profiles.find((p) => p.id === id);
  return profile === undefined ? null : connectionOf(profile);
}

export async function getPreferences(): Promise<Preferences> {
  return { ...SETTINGS_DEFAULTS.preferences, ...(await preferencesItem.getValue()) };
}

export async function setPreferences(patch: Partial<Preferences>): Promise<Preferences> {
  const next = { ...(await getPreferences()), ...patch };
  await preferencesItem.setValue(next);
  return next;
}

export function isConfigured(conn: Connection): boolean {
  return validateConnection(conn).ok;
}

/**
 * Validates and stores the connection into the active profile (the first
 * profile, named after its workspace, when there is none); returns the field
 * problems instead when it is not valid.
 */
export async function saveConnection(input: Connection): Promise<ConnectionVerdict> {
  const verdict = validateConnection(input);
  if (!verdict.ok) return verdict;
  const set = await getProfileSet();
  const active = activeProfile(set);
  const profile = active
    ? { ...active, ...verdict.value }
    : { id: MIGRATED_PROFILE_ID, name: verdict.value.workspaceId.slice(0, PROFILE_NAME_MAX), ...verdict.value };
  await connectionItem.setValue(withProfile(set, profile, true));
  return verdict;
}

export const newProfileId = () => `profile-${crypto.randomUUID()}`;

/** Checks a profile against the rules and the other profiles, without storing it. */
export async function checkProfile(input: ProfileInput): Promise<ProfileVerdict> {
  return validateProfile(input, await getProfileSet(), newProfileId);
}

/** Stores a checked profile (added or replaced), making it active when asked or when it is the first. */
export async function storeProfile(profile: Profile, activate: boolean): Promise<void> {
  await connectionItem.setValue(withProfile(await getProfileSet(), profile, activate));
}

/** Makes a profile active; false when no profile has this id. */
export async function switchProfile(id: string): Promise<boolean> {
  const set = await getProfileSet();
  if (!set.profiles.some((p) => p.id === id)) return false;
  if (set.activeId !== id) await connectionItem.setValue({ ...set, activeId: id });
  return true;
}

export async function deleteProfile(id: string): Promise<void> {
  await connectionItem.setValue(withoutProfile(await getProfileSet(), id));
}
