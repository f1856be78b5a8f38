/**
 * Profiles: several connections (a name, the service's address, a token and
 * a workspace), one of them active. Pure rules and shapes, no storage: the
 * stored record lives in lib/storage/settings.ts, which reads it through
 * `readProfileSet` so a record in the old single-connection shape (written
 * raw by an older version or a test harness) still reads as one profile.
 */
import { plainTextProblem } from '../contract/plain-text';
import { validateConnection, type ConnectionInput, type ConnectionProblems } from './connection-rules';

export interface Profile extends ConnectionInput {
  /** Stable across renames: queued items and the active choice name it. */
  id: string;
  name: string;
}

export interface ProfileSet {
  /** '' when no profile exists yet. */
  activeId: string;
  profiles: Profile[];
}

export const EMPTY_PROFILE_SET: ProfileSet = Object.freeze({ activeId: '', profiles: Object.freeze([]) as unknown as Profile[] });

/** The id given to the connection a single-connection version saved. */
export const MIGRATED_PROFILE_ID = 'profile-1';

/** Long enough for "Work – client Foo (staging)", short enough for the popup's switcher. */
export const PROFILE_NAME_MAX = 60;

export const PROFILE_NAME_PROBLEMS = ['name-empty', 'name-taken', 'name-too-long', 'name-characters'] as const;
export type ProfileNameProblem = (typeof PROFILE_NAME_PROBLEMS)[number];
export type ProfileProblems = ConnectionProblems & { name?: ProfileNameProblem };

export interface ProfileInput extends ConnectionInput {
  /** Absent: a new profile. */
  id?: string;
  name: string;
}

export type ProfileVerdict = { ok: true; value: Profile } | { ok: false; problems: ProfileProblems };

const isText = (value: unknown): value is string => typeof value === 'string';

function asProfile(value: unknown): Profile | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (!isText(r.id) || !isText(r.name) || !isText(r.baseUrl) || !isText(r.token) || !isText(r.workspaceId)) return null;
  return { id: r.id, name: r.name, baseUrl: r.baseUrl, token: r.token, workspaceId: r.workspaceId };
}

/**
 * The step from the single connection (settings version 1) to profiles: a
 * saved connection becomes the one, active profile, named after its
 * workspace (the user's own word for it, so no sentence of ours is stored);
 * an empty one becomes no profile at all.
 */
export function fromSingleConnection(old: unknown): ProfileSet {
  if (typeof old !== 'object' || old === null) return { activeId: '', profiles: [] };
  const r = old as Record<string, unknown>;
  const conn = { baseUrl: isText(r.baseUrl) ? r.baseUrl : '', token: isText(r.token) ? r.token : '', workspaceId: isText(r.workspaceId) ? r.workspaceId : '' };
  if (conn.baseUrl === '' && conn.token === '' && conn.workspaceId === '') return { activeId: '', profiles: [] };
  const name = conn.workspaceId.trim().slice(0, PROFILE_NAME_MAX) || MIGRATED_PROFILE_ID;
  return { activeId: MIGRATED_PROFILE_ID, profiles: [{ id: MIGRATED_PROFILE_ID, name, ...conn }] };
}

/** Any stored value as a profile set: today's shape kept (bad entries dropped), the old one converted, anything else empty. */
export function readProfileSet(stored: unknown): ProfileSet {
  if (typeof stored !== 'object' || stored === null) return { activeId: '', profiles: [] };
  const r = stored as Record<string, unknown>;
  if (!Array.isArray(r.profiles)) return fromSingleConnection(stored);
  const profiles = r.profiles.map(asProfile).filter((p): p is Profile => p !== null);
  const activeId = isText(r.activeId) && profiles.some((p) => p.id === r.activeId) ? r.activeId : (profiles[0]?.id ?? '');
  return { activeId, profiles };
}

export function activeProfile(set: ProfileSet): Profile | null {
  return set.profiles.find((p) => p.id === set.activeId) ?? null;
}

/** A typed name as it is stored and compared: trimmed, in NFC, so "é" typed as one character or as "e" and an accent is one name. */
export function typedName(name: string): string {
  return name.trim().normalize('NFC');
}

/** Names compare in one form, without case or surrounding spaces: "Work" and " work" would be told apart by no one. */
const sameName = (a: string, b: string) => typedName(a).toLocaleLowerCase() === typedName(b).toLocaleLowerCase();

/**
 * Why a typed name cannot be used, or null. No control, invisible format
 * (zero-width, bidi) or unpaired surrogate characters (lib/contract/plain-text.ts):
 * "Work" and "Work" with a zero-width space look alike in a list. `stored` is
 * the profile's name as saved: kept unchanged, it is not judged by the
 * character rule again (a name saved before that rule must not block fixing
 * the profile's token).
 */
export function nameProblem(name: string, others: readonly Pick<Profile, 'name'>[], stored?: string): ProfileNameProblem | null {
  const typed = typedName(name);
  if (typed === '') return 'name-empty';
  if (typed.length > PROFILE_NAME_MAX) return 'name-too-long';
  if (plainTextProblem(typed) !== null && (stored === undefined || typed !== typedName(stored))) return 'name-characters';
  if (others.some((p) => sameName(p.name, typed))) return 'name-taken';
  return null;
}

/** `name`, or "name (2)", "name (3)"... the first no other profile has, cut to fit PROFILE_NAME_MAX. */
export function distinctName(name: string, others: readonly Pick<Profile, 'name'>[]): string {
  const base = typedName(name);
  if (!others.some((p) => sameName(p.name, base))) return base;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    // Cut by code points, so no surrogate pair is split.
    let stem = base;
    while (stem.length + suffix.length > PROFILE_NAME_MAX) stem = [...stem].slice(0, -1).join('');
    const candidate = `${stem.trimEnd()}${suffix}`;
    if (!others.some((p) => sameName(p.name, candidate))) return candidate;
  }
}

/** Checks a profile against the rules and the other profiles; returns it normalised, or one problem per bad field. */
export function validateProfile(input: ProfileInput, set: ProfileSet, newId: () => string): ProfileVerdict {
  const others = set.profiles.filter((p) => p.id !== input.id);
  const problems: ProfileProblems = {};
  const name = nameProblem(input.name, others, set.profiles.find((p) => p.id === input.id)?.name);
  if (name !== null) problems.name = name;
  const conn = validateConnection(input);
  if (!conn.ok) Object.assign(problems, conn.problems);
  if (!conn.ok || name !== null) return { ok: false, problems };
  const id = input.id !== undefined && set.profiles.some((p) => p.id === input.id) ? input.id : newId();
  return { ok: true, value: { id, name: typedName(input.name), ...conn.value } };
}

/** The set with this profile added or replaced in place. */
export function withProfile(set: ProfileSet, profile: Profile, activate: boolean): ProfileSet {
  const exists = set.profiles.some((p) => p.id === profile.id);
  const profiles = exists ? set.profiles.map((p) => (p.id === profile.id ? profile : p)) : [...set.profiles, profile];
  return { activeId: activate || set.activeId === '' ? profile.id : set.activeId, profiles };
}

/** The set without this profile; the first remaining one becomes active if it was. */
export function withoutProfile(set: ProfileSet, id: string): ProfileSet {
  const profiles = set.profiles.filter((p) => p.id !== id);
  return { activeId: set.activeId === id ? (profiles[0]?.id ?? '') : set.activeId, profiles };
}

/** What a queued item records of the profile it was made under (lib/queue/types.ts); nothing for a connection without one. */
export function queueProfileOf(conn: ConnectionInput & { profileId?: string }): { profile: { id: string; baseUrl: string; workspaceId: string } } | Record<string, never> {
  return conn.profileId ? { profile: { id: conn.profileId, baseUrl: conn.baseUrl, workspaceId: conn.workspaceId } } : {};
}
