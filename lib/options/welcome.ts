/**
 * The first run (welcome.html, opened when the extension is installed):
 * what the service needs (its address, a token, the workspace), pasted as
 * one connection code (./connection-code-entry.ts) or typed one by one, and
 * a Connect for each way, which asks for the service's host permission and
 * has the background check the three with the service before anything is
 * stored, as Save does in Options (./profile-form.ts). The profile is named
 * after its workspace and host (./default-name.ts). Nothing is sent until
 * the user presses Connect: the page may stay open for a long time.
 */
import type { Send } from '../messaging/send-message';
import { activeConnection, serviceHostOf } from './active-connection';
import { codeProblemOf, readConnectionCode, type CodeProblem } from './connection-code-entry';
import { INITIAL_OPTIONS, type OptionsModel, type OptionsState, type ProfileDraft, type ProfileEntry } from './options-model';
import { createProfileForm } from './profile-form';

export interface WelcomeDone {
  name: string;
  workspaceId: string;
  /** The service's host, as the user knows it from the address they typed. */
  host: string;
}

export interface WelcomeModel {
  /** The form's fields, problems and status (the same model as Options' profile form). */
  form: OptionsModel;
  /** The stored profiles are being read. */
  loading: boolean;
  /** Connected: by this page, or before it opened. */
  done: WelcomeDone | null;
  /** The connection code field's text, as pasted. */
  code: string;
  /** Why the last Connect of the code did not connect, said beside its field. */
  codeProblem: CodeProblem | null;
  /** The way Connect was last pressed: the status line and problems are shown there only. */
  path: 'code' | 'fields' | null;
  /** Counts the Connects that found a problem, per way: the way's first bad field then takes the focus. */
  checks: { code: number; fields: number };
}

export interface WelcomeDeps {
  send: Send;
  /** Asks the browser for a host permission; must be called within the user's click. */
  requestPermission: (originPattern: string) => Promise<boolean>;
  onChange: (model: WelcomeModel) => void;
}

export const INITIAL_WELCOME: WelcomeModel = {
  form: INITIAL_OPTIONS,
  loading: true,
  done: null,
  code: '',
  codeProblem: null,
  path: null,
  checks: { code: 0, fields: 0 },
};

const doneOf = (profile: Pick<ProfileEntry, 'name' | 'workspaceId' | 'baseUrl'>): WelcomeDone => ({
  name: profile.name,
  workspaceId: profile.workspaceId,
  host: serviceHostOf(profile.baseUrl),
});

export function createWelcome(deps: WelcomeDeps) {
  let model = INITIAL_WELCOME;
  let stored: { activeId: string; profiles: ProfileEntry[] } = { activeId: '', profiles: [] };
  const update = (patch: Partial<WelcomeModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };
  const state: OptionsState = {
    model: () => model.form,
    set: (patch) => update({ form: { ...model.form, ...patch } }),
  };
  const form = createProfileForm(state, {
    send: deps.send,
    requestPermission: deps.requestPermission,
    profiles: () => stored,
    onSaved: () => {
      const saved = model.form.saved;
      if (saved !== null) update({ done: doneOf(saved) });
    },
  });

  return {
    model: () => model,
    /** Reads the stored profiles: one already active means there is nothing to set up. */
    async start(): Promise<void> {
      try {
        stored = await deps.send('profiles', {});
      } catch {
        // Nothing known: the form is still the way to connect, and Save checks everything again.
      }
      const active = activeConnection(stored);
      update({ loading: false, done: active === null ? null : doneOf(active) });
    },
    edit: (connection: ProfileDraft) => form.edit(connection),
    editCode: (code: string) => update({ code }),
    /** The three fields' Connect. Call straight from the click: the permission prompt needs the user's gesture. */
    async connect(): Promise<boolean> {
      update({ path: 'fields' });
      const saved = await form.save();
      if (!saved) update({ checks: { ...model.checks, fields: model.checks.fields + 1 } });
      return saved;
    },
    /**
     * The code's Connect: a code that cannot be read is refused here; one
     * that can fills the three fields (shown if the user opens them) and is
     * saved as they are. Call straight from the click, as `connect`.
     */
    async connectCode(): Promise<boolean> {
      const read = readConnectionCode(model.code);
      const failed = (codeProblem: CodeProblem | null) => update({ codeProblem, checks: { ...model.checks, code: model.checks.code + 1 } });
      if (!read.ok) {
        update({ path: 'code', form: { ...model.form, problems: {}, status: { kind: 'fix-fields', count: 1 } } });
        failed(read.problem);
        return false;
      }
      update({ path: 'code', codeProblem: null });
      form.edit(read.draft);
      const saved = await form.save();
      if (!saved) failed(codeProblemOf(model.form.problems, read.draft.baseUrl, model.form.serviceMessage));
      return saved;
    },
  };
}
