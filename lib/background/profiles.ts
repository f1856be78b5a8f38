/**
 * Options' and the popup's profile messages: list, save (checked against the
 * service first, so nothing is stored half-way), switch, delete (with the
 * profile's waiting items, once the user confirmed), and the settings file
 * (export without tokens, import all or nothing).
 */
import { storage } from 'wxt/utils/storage';
import type { AnswerOf, RequestOf } from '../messaging/send-message';
import type { ProfileFieldProblem } from '../messaging/protocol/profiles';
import { SETTINGS_FILE_FORMAT, SETTINGS_FILE_VERSION } from '../messaging/protocol/settings-file';
import { activeProfile, nameProblem, validateProfile, type Profile, type ProfileSet } from '../storage/profiles';
import type { QueueItem } from '../queue/types';
import {
  checkProfile,
  connectionItem,
  connectionOf,
  deleteProfile,
  getPreferences,
  getProfileSet,
  newProfileId,
  preferencesItem,
  storeProfile,
  switchProfile,
} from '../storage/settings';
import { probeConnection } from './connection';

export interface ProfileHandlerDeps {
  queue: { list(): Promise<QueueItem[]>; remove(id: string): Promise<void> };
  /** Settings changed here: forget what the background remembered of them, and let a paused queue go on. */
  onChanged: () => Promise<void> | void;
}

type TestAnswer = AnswerOf<'testConnection'>;
type FieldProblems = Extract<AnswerOf<'saveProfile'>, { ok: false }>['problems'];

/** A failed check, as a problem next to the field the user has to change. */
function fieldOf(answer: Extract<TestAnswer, { ok: false }>): FieldProblems {
  const problem: Record<Exclude<typeof answer.problem, 'not-configured'>, [keyof FieldProblems, ProfileFieldProblem]> = {
    'no-permission': ['baseUrl', 'service-no-permission'],
    unreachable: ['baseUrl', 'service-unreachable'],
    timeout: ['baseUrl', 'service-timeout'],
    'invalid-response': ['baseUrl', 'service-not-api'],
    'refused-token': ['token', 'service-refused-token'],
    'workspace-not-granted': ['workspaceId', 'service-workspace-not-granted'],
    'service-error': ['baseUrl', 'service-error'],
  };
  if (answer.problem === 'not-configured') return { baseUrl: 'base-url-invalid' };
  const [field, code] = problem[answer.problem];
  return { [field]: code };
}

export function createProfileHandlers(deps: ProfileHandlerDeps) {
  const waitingUnder = async (id: string) => (await deps.queue.list()).filter((item) => item.profile?.id === id);

  return {
    async profiles(): Promise<AnswerOf<'profiles'>> {
      const set = await getProfileSet();
      return { activeId: set.activeId, profiles: set.profiles.map((p) => ({ ...p })) };
    },

    async saveProfile({ activate, ...input }: RequestOf<'saveProfile'>): Promise<AnswerOf<'saveProfile'>> {
      const verdict = await checkProfile(input);
      if (!verdict.ok) return { ok: false, problems: verdict.problems };
      // Asked of the service before anything is stored: an address that does not
      // answer, a refused token or a workspace the token does not grant is said
      // next to its field, and the stored profiles stay as they were.
      const answer = await probeConnection(connectionOf(verdict.value));
      if (!answer.ok) {
        return { ok: false, problems: fieldOf(answer), ...(answer.message === undefined ? {} : { message: answer.message }) };
      }
      await storeProfile(verdict.value, activate);
      await deps.onChanged();
      return { ok: true, id: verdict.value.id };
    },

    async switchProfile({ id }: RequestOf<'switchProfile'>): Promise<AnswerOf<'switchProfile'>> {
      const ok = await switchProfile(id);
      if (ok) await deps.onChanged();
      return { ok };
    },

    /**
     * Items waiting under a profile replay with its token, which goes with it:
     * deleting it first asks the user (answer `queued`), then discards them.
     */
    async deleteProfile({ id, discardQueued }: RequestOf<'deleteProfile'>): Promise<AnswerOf<'deleteProfile'>> {
      const waiting = await waitingUnder(id);
      if (waiting.length > 0 && !discardQueued) return { ok: false, queued: waiting.length };
      await deleteProfile(id);
      for (const item of waiting) await deps.queue.remove(item.id);
      await deps.onChanged();
      return { ok: true, discarded: waiting.length };
    },

    async exportSettings(): Promise<AnswerOf<'exportSettings'>> {
      const [set, prefs] = await Promise.all([getProfileSet(), getPreferences()]);
      const active = activeProfile(set);
      return {
        format: SETTINGS_FILE_FORMAT,
        version: SETTINGS_FILE_VERSION,
        ...(active ? { active: active.name } : {}),
        // Never the tokens: the file may be mailed, synced or left in Downloads.
        profiles: set.profiles.map(({ name, baseUrl, workspaceId }) => ({ name, baseUrl, workspaceId })),
        preferences: { ...prefs },
      };
    },

    async importSettings(file: RequestOf<'importSettings'>): Promise<AnswerOf<'importSettings'>> {
      const planned = planImport(await getProfileSet(), file);
      if (!planned.ok) return planned;
      const prefs = { ...(await getPreferences()) };
      for (const [key, value] of Object.entries(file.preferences)) {
        if (value !== undefined) Object.assign(prefs, { [key]: key === 'defaultDomain' && value === '' ? null : value });
      }
      // One write for both items: nothing is applied half-way.
      await storage.setItems([
        { item: connectionItem, value: planned.set },
        { item: preferencesItem, value: prefs },
      ]);
      await deps.onChanged();
      return { ok: true, needToken: planned.set.profiles.filter((p) => p.token === '').map((p) => p.id) };
    },
  };
}

type ImportPlan = { ok: true; set: ProfileSet } | Extract<AnswerOf<'importSettings'>, { ok: false }>;

/**
 * The profile set after an import: a profile of the same name is updated (it
 * keeps its token while its service and workspace stay the same), any other
 * is added without a token. Every entry is checked before anything changes.
 */
export function planImport(current: ProfileSet, file: RequestOf<'importSettings'>): ImportPlan {
  let set: ProfileSet = { activeId: current.activeId, profiles: [...current.profiles] };
  const seen: { name: string }[] = [];
  for (const [index, entry] of file.profiles.entries()) {
    if (nameProblem(entry.name, seen) !== null) return { ok: false, problem: 'duplicate-name', index };
    seen.push(entry);
    const same = set.profiles.find((p) => nameProblem(entry.name, [p]) === 'name-taken');
    // The rules of a saved profile, with a stand-in token: the file has none.
    const checked = validateProfile({ ...entry, token: 'x', ...(same ? { id: same.id } : {}) }, set, newProfileId);
    if (!checked.ok) {
      const problem = checked.problems.baseUrl !== undefined ? 'base-url-invalid' : 'workspace-invalid';
      return { ok: false, problem, index };
    }
    const keepToken = same !== undefined && same.baseUrl === checked.value.baseUrl && same.workspaceId === checked.value.workspaceId;
    const profile: Profile = { ...checked.value, token: keepToken ? same.token : '' };
    set = { ...set, profiles: same ? set.profiles.map((p) => (p.id === same.id ? profile : p)) : [...set.profiles, profile] };
  }
  const active = file.active === undefined ? undefined : set.profiles.find((p) => nameProblem(file.active ?? '', [p]) === 'name-taken');
  const activeId = active?.id ?? (set.profiles.some((p) => p.id === set.activeId) ? set.activeId : (set.profiles[0]?.id ?? ''));
  return { ok: true, set: { activeId, profiles: set.profiles } };
}

