/**
 * The form of one profile: edit it, save it (asking for its service's host
 * permission in the same click; the background checks it against the service
 * before storing it), and test it (saving unsaved edits first, so the test
 * checks what is on screen). The name is optional: left empty, the profile
 * is named after its workspace and host (./default-name.ts). A connection
 * code may fill the three fields at once; Save checks them as typed ones. The list of
 * profiles, switching and deleting live in ./profiles-controller.ts.
 */
import { validateConnection } from '../storage/connection-rules';
import { originPatternOf } from '../browser/host-permission';
import type { Send } from '../messaging/send-message';
import { PROFILE_SERVICE_PROBLEMS, type ProfileFieldProblem } from '../messaging/protocol/profiles';
import { nameProblem, typedName } from '../storage/profiles';
import { readConnectionCode } from './connection-code-entry';
import { defaultProfileName } from './default-name';
import { EMPTY_DRAFT, type DraftProblems, type OptionsState, type ProfileDraft, type ProfileEntry } from './options-model';

const SERVICE_PROBLEMS: readonly ProfileFieldProblem[] = PROFILE_SERVICE_PROBLEMS;

interface ProfileFormDeps {
  send: Send;
  /** Asks the browser for a host permission; must be called within the user's click. */
  requestPermission: (originPattern: string) => Promise<boolean>;
  /** The stored profiles, for the name rule (names are unique) and for whether the edited one is active. */
  profiles: () => { activeId: string; profiles: readonly ProfileEntry[] };
  /** A profile was saved. */
  onSaved: () => void;
}

export function createProfileForm({ model, set }: OptionsState, deps: ProfileFormDeps) {
  /** The fields differ from what is stored (nothing stored: something is typed). */
  function unsaved(): boolean {
    const { connection } = model();
    const stored = model().saved ?? EMPTY_DRAFT;
    return (
      stored.name !== connection.name.trim() ||
      stored.baseUrl !== connection.baseUrl.trim() ||
      stored.token !== connection.token.trim() ||
      stored.workspaceId !== connection.workspaceId.trim()
    );
  }

  function save(): Promise<boolean> {
    const { connection, editingId } = model();
    const verdict = validateConnection(connection);
    const { profiles, activeId } = deps.profiles();
    const others = profiles.filter((p) => p.id !== editingId);
    const stored = profiles.find((p) => p.id === editingId)?.name;
    const typed = typedName(connection.name);
    // An empty name is not a problem: one is made from the workspace and host below.
    const name = typed === '' ? null : nameProblem(typed, others, stored);
    const pattern = verdict.ok ? originPatternOf(verdict.value.baseUrl) : null;
    if (!verdict.ok || pattern === null || name !== null) {
      const problems: DraftProblems = verdict.ok ? (pattern === null ? { baseUrl: 'base-url-invalid' } : {}) : { ...verdict.problems };
      if (name !== null) problems.name = name;
      set({ problems, status: { kind: 'fix-fields', count: Object.keys(problems).length } });
      return Promise.resolve(false);
    }
    const value: ProfileDraft = {
      name: typed === '' ? defaultProfileName(verdict.value.baseUrl, verdict.value.workspaceId, others) : typed,
      ...verdict.value,
    };
    // Asked before anything is awaited: after an await the click no longer counts as a gesture.
    const granted = deps.requestPermission(pattern).catch(() => false);
    set({ problems: {}, serviceMessage: undefined, busy: true, status: { kind: 'saving' } });
    return (async () => {
      try {
        if (!(await granted)) {
          // The background could not ask the service without the grant: nothing is stored.
          set({ busy: false, status: { kind: 'not-allowed', origin: new URL(value.baseUrl).origin } });
          return false;
        }
        const answer = await deps.send('saveProfile', {
          ...(editingId === null ? {} : { id: editingId }),
          ...value,
          activate: editingId !== null && editingId === activeId,
        });
        if (!answer.ok) {
          const service = Object.values(answer.problems).find((p) => SERVICE_PROBLEMS.includes(p));
          set({
            problems: answer.problems,
            serviceMessage: answer.message,
            status:
              service === undefined
                ? { kind: 'fix-fields', count: Object.keys(answer.problems).length }
                : { kind: 'check-failed', problem: service, message: answer.message },
            busy: false,
          });
          return false;
        }
        set({ saved: value, connection: value, editingId: answer.id, busy: false, status: { kind: 'saved' } });
        deps.onSaved();
        return true;
      } catch {
        set({ status: { kind: 'internal' }, busy: false });
        return false;
      }
    })();
  }

  return {
    unsaved,
    save,
    edit(connection: ProfileDraft): void {
      set({ connection });
    },
    editCode(code: string): void {
      set({ code });
    },
    /** Fills the address, token and workspace from the pasted code (the name is kept); nothing is saved until Save. */
    fillFromCode(): boolean {
      const read = readConnectionCode(model().code);
      if (!read.ok) {
        set({ codeProblem: read.problem.problem });
        return false;
      }
      const { baseUrl, token, workspaceId } = read.draft;
      set({ connection: { ...model().connection, baseUrl, token, workspaceId }, code: '', codeProblem: null, problems: {}, status: null });
      return true;
    },
    editProfile(profile: ProfileEntry | null, askToken = false): void {
      const draft = profile === null ? EMPTY_DRAFT : { name: profile.name, baseUrl: profile.baseUrl, token: profile.token, workspaceId: profile.workspaceId };
      set({
        connection: draft,
        code: '',
        codeProblem: null,
        saved: profile === null ? null : draft,
        editingId: profile?.id ?? null,
        problems: askToken ? { token: 'token-empty' } : {},
        status: askToken && profile !== null ? { kind: 'enter-token', name: profile.name } : null,
      });
    },
    async test(): Promise<void> {
      // Unsaved edits are saved first, so the test checks what is on screen.
      if ((model().saved === null || unsaved()) && !(await save())) return;
      set({ busy: true, status: { kind: 'testing' } });
      try {
        const { editingId } = model();
        const answer = await deps.send('testConnection', editingId === null ? {} : { profileId: editingId });
        set({ status: { kind: 'tested', answer, workspaceId: model().connection.workspaceId.trim() } });
      } catch {
        set({ status: { kind: 'internal' } });
      } finally {
        set({ busy: false });
      }
    },
  };
}
