/**
 * Options' and the popup's profile messages: list, save (checked against the
 * service first, so nothing is stored half-way), switch, delete (with the
 * profile's waiting items, once the user confirmed), and the settings file
 * (export without tokens, import all or nothing: ./import-plan.ts). After each
 * change, a service origin no profile uses any more is given back
 * (./origin-permissions.ts).
 */
import { storage } from 'wxt/utils/storage';
import type { AnswerOf, RequestOf } from '../../messaging/send-message';
import type { ProfileFieldProblem } from '../../messaging/protocol/profiles';
import { SETTINGS_FILE_FORMAT, SETTINGS_FILE_VERSION } from '../../messaging/protocol/settings-file';
import { activeProfile, type ProfileSet } from '../../storage/profiles';
import type { QueueItem } from '../../queue/types';
import {
  checkProfile,
  connectionItem,
  connectionOf,
  deleteProfile,
  getPreferences,
  getProfileSet,
  preferencesItem,
  storeProfile,
  switchProfile,
} from '../../storage/settings';
import { probeConnection } from './connection';
import { planImport } from './import-plan';
import { linkSetupItem } from '../../site-rules/link-setup';
import { qrStylesItem } from '../../qr/qr-style-store';
import { boundedStyles } from '../../qr/qr-style';
import { setupToFile } from '../../site-rules/setup-file';
import { releaseUnusedOrigins, type OriginPermissionsApi } from './origin-permissions';

export interface ProfileHandlerDeps {
  queue: { list(): Promise<QueueItem[]>; remove(id: string): Promise<void> };
  /** Settings changed here: forget what the background remembered of them, and let a paused queue go on. */
  onChanged: () => Promise<void> | void;
  /** The browser's grants; replaced in tests. */
  permissions?: OriginPermissionsApi;
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
  /** After a write: the background forgets what it knew, and origins no profile uses are given back. */
  const changed = async (before: ProfileSet) => {
    await deps.onChanged();
    await releaseUnusedOrigins(before, await getProfileSet(), deps.permissions);
  };

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
      const before = await getProfileSet();
      await storeProfile(verdict.value, activate);
      await changed(before);
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
      const before = await getProfileSet();
      await deleteProfile(id);
      for (const item of waiting) await deps.queue.remove(item.id);
      await changed(before);
      return { ok: true, discarded: waiting.length };
    },

    async exportSettings(): Promise<AnswerOf<'exportSettings'>> {
      const [set, prefs, setups, qr] = await Promise.all([getProfileSet(), getPreferences(), linkSetupItem.getValue(), qrStylesItem.getValue()]);
      const active = activeProfile(set);
      return {
        format: SETTINGS_FILE_FORMAT,
        version: SETTINGS_FILE_VERSION,
        ...(active ? { active: active.name } : {}),
        // Never the tokens: the file may be mailed, synced or left in Downloads.
        profiles: set.profiles.map(({ id, name, baseUrl, workspaceId }) => {
          const setup = Object.hasOwn(setups.byProfile, id) ? setups.byProfile[id] : undefined;
          const styles = Object.hasOwn(qr.byProfile, id) ? boundedStyles(qr.byProfile[id]) : null;
          return { name, baseUrl, workspaceId, ...(setup ? setupToFile(setup) : {}), ...(styles && styles.styles.length > 0 ? { qrStyles: styles } : {}) };
        }),
        preferences: { ...prefs },
      };
    },

    async importSettings(file: RequestOf<'importSettings'>): Promise<AnswerOf<'importSettings'>> {
      const before = await getProfileSet();
      const planned = planImport(before, await getPreferences(), file);
      if (!planned.ok) return planned;
      // One write for both items: nothing is applied half-way.
      const [setups, qr] = await Promise.all([linkSetupItem.getValue(), qrStylesItem.getValue()]);
      await storage.setItems([
        { item: connectionItem, value: planned.set },
        { item: preferencesItem, value: planned.prefs },
        // A profile the file gives templates or rules has those; the others keep their own.
        { item: linkSetupItem, value: { v: 1, byProfile: { ...setups.byProfile, ...planned.setups } } },
        // Likewise a profile the file gives QR styles has those.
        { item: qrStylesItem, value: { v: 1, byProfile: { ...qr.byProfile, ...planned.qrStyles } } },
      ]);
      await changed(before);
      return { ok: true, needToken: planned.needToken, renamed: planned.renamed };
    },
  };
}
