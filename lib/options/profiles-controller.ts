/**
 * The options page's list of profiles, without Preact or the browser: load,
 * switch, delete (confirmed; a second confirmation names the waiting items
 * that go with it), and the settings file (export, import validated before
 * anything is sent). Statuses are codes; lib/options/profiles-text.ts words them.
 */
import type { AnswerOf, Send } from '../messaging/send-message';
import type { ProfileEntry } from './controller';
import { readSettingsFile, type ChosenFile, type FileVerdict } from './settings-file';

export type ProfilesStatus =
  | { kind: 'switched'; name: string }
  | { kind: 'deleted' }
  | { kind: 'failed' };

export type FileStatus =
  /** `renamed`: profiles of the file added under another name, since a stored one of theirs points elsewhere. */
  | { kind: 'imported'; renamed: { from: string; to: string }[] }
  | { kind: 'refused'; verdict: Exclude<FileVerdict, { ok: true }> }
  | { kind: 'failed' };

export interface ProfilesModel {
  /** null while loading. */
  profiles: ProfileEntry[] | null;
  activeId: string;
  /** Asking before a delete; `queued`: how many waiting items go with it, once the background said so. */
  confirming: { id: string; name: string; queued: number | null } | null;
  status: ProfilesStatus | null;
  fileStatus: FileStatus | null;
}

export interface ProfilesDeps {
  send: Send;
  onChange: (model: ProfilesModel) => void;
  /** Saves the exported file (lib/browser/download.ts). */
  download: (json: string) => void;
  /** A profile to show in the form: after a delete, the one now active; after an import, the first that needs its token. */
  edit: (profile: ProfileEntry | null, askToken: boolean) => void;
  /** Preferences came from a file: the defaults form reloads. */
  onImported: () => void;
}

export const INITIAL_PROFILES: ProfilesModel = { profiles: null, activeId: '', confirming: null, status: null, fileStatus: null };

export function createProfilesController(deps: ProfilesDeps) {
  let model = INITIAL_PROFILES;
  const set = (patch: Partial<ProfilesModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };
  const nameOf = (id: string) => model.profiles?.find((p) => p.id === id)?.name ?? '';
  const active = () => model.profiles?.find((p) => p.id === model.activeId) ?? null;

  async function reload(): Promise<void> {
    const answer = await deps.send('profiles', {});
    set({ profiles: answer.profiles, activeId: answer.activeId });
  }

  async function guarded(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch {
      set({ status: { kind: 'failed' } });
    }
  }

  return {
    model: () => model,
    reload,

    /** Loads the list and shows the active profile (or an empty form) for editing. */
    start: () =>
      guarded(async () => {
        await reload();
        deps.edit(active(), false);
      }),

    use: (id: string) =>
      guarded(async () => {
        const { ok } = await deps.send('switchProfile', { id });
        await reload();
        if (ok) {
          set({ status: { kind: 'switched', name: nameOf(id) } });
          deps.edit(active(), false);
        }
      }),

    askDelete(id: string) {
      set({ confirming: { id, name: nameOf(id), queued: null }, status: null });
    },

    cancelDelete() {
      set({ confirming: null });
    },

    confirmDelete: () =>
      guarded(async () => {
        const asking = model.confirming;
        if (asking === null) return;
        // The first confirmation does not discard anything: if items wait, the background says how many and we ask again.
        const answer = await deps.send('deleteProfile', { id: asking.id, discardQueued: asking.queued !== null });
        if (!answer.ok) {
          set({ confirming: { ...asking, queued: answer.queued } });
          return;
        }
        set({ confirming: null, status: { kind: 'deleted' } });
        await reload();
        deps.edit(active(), false);
      }),

    exportFile: () =>
      guarded(async () => {
        const file = await deps.send('exportSettings', {});
        deps.download(`${JSON.stringify(file, null, 2)}\n`);
      }),

    /** The chosen file: checked here first, so a bad file says what is wrong and nothing is sent. */
    async importFile(chosen: ChosenFile): Promise<void> {
      try {
        const verdict = await readSettingsFile(chosen);
        if (!verdict.ok) {
          set({ fileStatus: { kind: 'refused', verdict } });
          return;
        }
        const answer = await deps.send('importSettings', verdict.file);
        if (!answer.ok) {
          set({ fileStatus: { kind: 'refused', verdict: refusal(answer.problem, verdict.file.profiles[answer.index ?? -1]?.name ?? '') } });
          return;
        }
        set({ fileStatus: { kind: 'imported', renamed: answer.renamed } });
        await reload();
        deps.onImported();
        const needing = model.profiles?.find((p) => answer.needToken.includes(p.id)) ?? null;
        deps.edit(needing ?? active(), needing !== null);
      } catch {
        set({ fileStatus: { kind: 'failed' } });
      }
    },
  };
}

/** The background's refusal as the page's own verdict would have said it. */
function refusal(problem: Extract<AnswerOf<'importSettings'>, { ok: false }>['problem'], name: string): Exclude<FileVerdict, { ok: true }> {
  return problem === 'default-domain-invalid' ? { ok: false, problem } : { ok: false, problem, name };
}
