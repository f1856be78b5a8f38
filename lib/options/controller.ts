/**
 * The options page's state machine, without Preact or the browser: load,
 * edit one profile and save it (asking for its service's host permission in
 * the same click; the background checks it against the service before
 * storing it), test it (saving unsaved edits first, so the test checks what
 * is on screen), save the defaults, and follow the offline queue. Statuses
 * are codes; lib/i18n/options-text.ts words them. The list of profiles, switching
 * and deleting live in lib/options/profiles-controller.ts.
 */
import { validateConnection } from '../storage/connection-rules';
import { originPatternOf } from '../browser/host-permission';
import type { PreferencesView, QueueStatus, Send, TestConnectionAnswer } from '../messaging/send-message';
import { PROFILE_SERVICE_PROBLEMS, type ProfileFieldProblem } from '../messaging/protocol/profiles';
import { nameProblem } from '../storage/profiles';

/** What the profile form shows. */
export interface ProfileDraft {
  name: string;
  baseUrl: string;
  token: string;
  workspaceId: string;
}

export type DraftField = keyof ProfileDraft;
export type DraftProblems = Partial<Record<DraftField, ProfileFieldProblem>>;

/** A stored profile, as the options page knows it. */
export interface ProfileEntry extends ProfileDraft {
  id: string;
}

export type ConnectionStatus =
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'not-allowed'; origin: string }
  | { kind: 'fix-fields' }
  /** The service was asked before saving and said no: the field's problem, worded in the status line too. */
  | { kind: 'check-failed'; problem: ProfileFieldProblem; message?: string }
  | { kind: 'enter-token'; name: string }
  | { kind: 'testing' }
  | { kind: 'tested'; answer: TestConnectionAnswer; workspaceId: string }
  | { kind: 'internal' };

export interface OptionsModel {
  /** What the profile fields show. */
  connection: ProfileDraft;
  /** What is stored of the profile being edited; null for a new one. */
  saved: ProfileDraft | null;
  /** The profile being edited; null: a new one. */
  editingId: string | null;
  /** The service's own words for a 'service-error' problem. */
  serviceMessage?: string;
  problems: DraftProblems;
  status: ConnectionStatus | null;
  busy: boolean;
  /** null while loading. */
  prefs: PreferencesView | null;
  prefsStatus: 'saved' | 'failed' | null;
  queue: QueueStatus | null;
  /** "Retry all" is being sent. */
  retrying: boolean;
  /** The item whose "Retry now" is being sent. */
  retryingId: string | null;
  /** The clock the queue's relative times are read against; moves while items wait. */
  now: number;
}

export interface OptionsDeps {
  send: Send;
  /** Asks the browser for a host permission; must be called within the user's click. */
  requestPermission: (originPattern: string) => Promise<boolean>;
  /** Calls back when the queue changed; returns how to stop. */
  watchQueue: (changed: () => void) => () => void;
  onChange: (model: OptionsModel) => void;
  /** Replaced in tests. */
  now?: () => number;
  /** Calls `tick` every `ms`; returns how to stop. Replaced in tests. */
  every?: (ms: number, tick: () => void) => () => void;
  /** The stored profiles, for the name rule (names are unique) and for whether the edited one is active. */
  profiles: () => { activeId: string; profiles: readonly ProfileEntry[] };
  /** A profile was saved: the list reloads. */
  onSaved: () => void;
  /** Preferences were loaded or saved (the page applies the theme). */
  onPrefs?: (prefs: PreferencesView) => void;
}

/** "Next try in 40 seconds" goes stale: the relative times are read again this often while items wait. */
export const QUEUE_CLOCK_MS = 10_000;

const everyInterval = (ms: number, tick: () => void): (() => void) => {
  const timer = setInterval(tick, ms);
  return () => clearInterval(timer);
};

const EMPTY: ProfileDraft = { name: '', baseUrl: '', token: '', workspaceId: '' };
const SERVICE_PROBLEMS: readonly ProfileFieldProblem[] = PROFILE_SERVICE_PROBLEMS;

export const INITIAL_OPTIONS: OptionsModel = {
  connection: EMPTY,
  saved: null,
  editingId: null,
  problems: {},
  status: null,
  busy: false,
  prefs: null,
  prefsStatus: null,
  queue: null,
  retrying: false,
  retryingId: null,
  now: 0,
};

export interface OptionsController {
  /** Loads settings and the queue, and follows the queue; returns how to stop following. */
  start(): () => void;
  edit(connection: ProfileDraft): void;
  /** Shows a stored profile in the form (null: an empty form for a new one); `askToken` says its token is missing. */
  editProfile(profile: ProfileEntry | null, askToken?: boolean): void;
  /** Call straight from the click: the permission prompt needs the user's gesture. Resolves true when saved and allowed. */
  save(): Promise<boolean>;
  test(): Promise<void>;
  /** Edits shown on screen that are not stored yet: the page asks before it is closed with them. */
  unsaved(): boolean;
  editPrefs(prefs: PreferencesView): void;
  /** Reads the stored preferences again (an import changed them). */
  reloadPrefs(): void;
  savePrefs(): Promise<void>;
  /** "Retry all". */
  retryQueue(): Promise<void>;
  /** "Retry now" on one item. */
  retryItem(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  model(): OptionsModel;
}

export function createOptionsController(deps: OptionsDeps): OptionsController {
  const now = deps.now ?? Date.now;
  let model: OptionsModel = { ...INITIAL_OPTIONS, now: now() };
  const set = (patch: Partial<OptionsModel>) => {
    model = { ...model, ...patch };
    deps.onChange(model);
  };

  const showQueue = (queue: QueueStatus) => set({ queue, now: now() });
  const refreshQueue = () => {
    deps.send('queueStatus', {}).then(showQueue, () => undefined);
  };

  /** The fields differ from what is stored (nothing stored: something is typed). */
  function unsaved(): boolean {
    const { connection } = model;
    const stored = model.saved ?? EMPTY;
    return (
      stored.name !== connection.name.trim() ||
      stored.baseUrl !== connection.baseUrl.trim() ||
      stored.token !== connection.token.trim() ||
      stored.workspaceId !== connection.workspaceId.trim()
    );
  }

  function save(): Promise<boolean> {
    const verdict = validateConnection(model.connection);
    const { profiles, activeId } = deps.profiles();
    const name = nameProblem(model.connection.name, profiles.filter((p) => p.id !== model.editingId));
    const pattern = verdict.ok ? originPatternOf(verdict.value.baseUrl) : null;
    if (!verdict.ok || pattern === null || name !== null) {
      const problems: DraftProblems = verdict.ok ? (pattern === null ? { baseUrl: 'base-url-invalid' } : {}) : { ...verdict.problems };
      if (name !== null) problems.name = name;
      set({ problems, status: { kind: 'fix-fields' } });
      return Promise.resolve(false);
    }
    const value: ProfileDraft = { name: model.connection.name.trim(), ...verdict.value };
    const editingId = model.editingId;
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
            status: service === undefined ? { kind: 'fix-fields' } : { kind: 'check-failed', problem: service, message: answer.message },
            busy: false,
          });
          return false;
        }
        set({ saved: value, connection: value, editingId: answer.id, busy: false, status: { kind: 'saved' } });
        deps.onSaved();
        refreshQueue();
        return true;
      } catch {
        set({ status: { kind: 'internal' }, busy: false });
        return false;
      }
    })();
  }

  function loadPrefs(): void {
    deps.send('getSettings', {}).then(
      (settings) => {
        set({ prefs: settings.preferences });
        deps.onPrefs?.(settings.preferences);
      },
      () => set({ status: { kind: 'internal' } }),
    );
  }

  return {
    model: () => model,
    unsaved,
    save,
    reloadPrefs: loadPrefs,

    start() {
      loadPrefs();
      refreshQueue();
      const unwatch = deps.watchQueue(refreshQueue);
      // Only while something waits: an empty list has no times to keep fresh.
      const stopClock = (deps.every ?? everyInterval)(QUEUE_CLOCK_MS, () => {
        if ((model.queue?.items.length ?? 0) > 0) set({ now: now() });
      });
      return () => {
        unwatch();
        stopClock();
      };
    },

    edit(connection) {
      set({ connection });
    },

    editProfile(profile, askToken = false) {
      const draft = profile === null ? EMPTY : { name: profile.name, baseUrl: profile.baseUrl, token: profile.token, workspaceId: profile.workspaceId };
      set({
        connection: draft,
        saved: profile === null ? null : draft,
        editingId: profile?.id ?? null,
        problems: askToken ? { token: 'token-empty' } : {},
        status: askToken && profile !== null ? { kind: 'enter-token', name: profile.name } : null,
      });
    },

    async test() {
      // Unsaved edits are saved first, so the test checks what is on screen.
      if ((model.saved === null || unsaved()) && !(await save())) return;
      set({ busy: true, status: { kind: 'testing' } });
      try {
        const answer = await deps.send('testConnection', model.editingId === null ? {} : { profileId: model.editingId });
        set({ status: { kind: 'tested', answer, workspaceId: model.connection.workspaceId.trim() } });
      } catch {
        set({ status: { kind: 'internal' } });
      } finally {
        set({ busy: false });
      }
    },

    editPrefs(prefs) {
      set({ prefs, prefsStatus: null });
    },

    async savePrefs() {
      if (!model.prefs) return;
      try {
        await deps.send('savePreferences', model.prefs);
        set({ prefsStatus: 'saved' });
        deps.onPrefs?.(model.prefs);
      } catch {
        set({ prefsStatus: 'failed' });
      }
    },

    async retryQueue() {
      set({ retrying: true });
      try {
        showQueue(await deps.send('retryQueue', {}));
      } catch {
        // The list stays as it was; the queue's own change event refreshes it.
      } finally {
        set({ retrying: false });
      }
    },

    async retryItem(id) {
      set({ retryingId: id });
      try {
        showQueue(await deps.send('retryQueue', { id }));
      } catch {
        // As for Retry all: the queue's own change event refreshes the list.
      } finally {
        set({ retryingId: null });
      }
    },

    async discard(id) {
      try {
        showQueue(await deps.send('discardQueueItem', { id }));
      } catch {
        refreshQueue();
      }
    },
  };
}
