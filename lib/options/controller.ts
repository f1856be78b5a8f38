/**
 * The options page's state machine, without Preact or the browser: it loads
 * the page and composes its sections' parts: the profile form
 * (./profile-form.ts), the shortening defaults and theme (./preferences.ts) and the
 * offline queue (./queue-viewer.ts), over one model (./options-model.ts).
 * The list of profiles, switching and deleting live in
 * ./profiles-controller.ts.
 */
import type { PreferencesView, Send } from '../messaging/send-message';
import { INITIAL_OPTIONS, type OptionsModel, type OptionsState, type ProfileDraft, type ProfileEntry } from './options-model';
import { createPreferences } from './preferences';
import { createProfileForm } from './profile-form';
import { createQueueViewer } from './queue-viewer';

export type { ConnectionStatus, DraftField, DraftProblems, OptionsModel, ProfileDraft, ProfileEntry } from './options-model';
export { INITIAL_OPTIONS } from './options-model';

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
  /** Preferences were loaded or changed (the page applies the theme). */
  onPrefs?: (prefs: PreferencesView) => void;
  /** A change of the preferences was stored. */
  onPrefsSaved?: () => void;
}

export interface OptionsController {
  /** Loads settings and the queue, and follows the queue; returns how to stop following. */
  start(): () => void;
  edit(connection: ProfileDraft): void;
  editCode(code: string): void;
  /** Fills the address, token and workspace from the pasted connection code; false (and the code's problem shown) when it cannot be read. */
  fillFromCode(): boolean;
  /** Shows a stored profile in the form (null: an empty form for a new one); `askToken` says its token is missing. */
  editProfile(profile: ProfileEntry | null, askToken?: boolean): void;
  /** Call straight from the click: the permission prompt needs the user's gesture. Resolves true when saved and allowed. */
  save(): Promise<boolean>;
  test(): Promise<void>;
  /** Edits shown on screen that are not stored yet: the page asks before it is closed with them. */
  unsaved(): boolean;
  /** A change of the defaults or the theme: shown at once and saved; resolves once stored (or failed). */
  editPrefs(prefs: PreferencesView): Promise<void>;
  /** Reads the stored preferences again (an import changed them). */
  reloadPrefs(): void;
  /** Saves the preferences shown again (after a failed save). */
  savePrefs(): Promise<void>;
  /** "Retry all". */
  retryQueue(): Promise<void>;
  /** "Retry now" on one item. */
  retryItem(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  model(): OptionsModel;
}

const everyInterval = (ms: number, tick: () => void): (() => void) => {
  const timer = setInterval(tick, ms);
  return () => clearInterval(timer);
};

export function createOptionsController(deps: OptionsDeps): OptionsController {
  const now = deps.now ?? Date.now;
  let model: OptionsModel = { ...INITIAL_OPTIONS, now: now() };
  const state: OptionsState = {
    model: () => model,
    set(patch) {
      model = { ...model, ...patch };
      deps.onChange(model);
    },
  };
  const queue = createQueueViewer(state, { send: deps.send, watchQueue: deps.watchQueue, now, every: deps.every ?? everyInterval });
  const prefs = createPreferences(state, deps);
  const form = createProfileForm(state, {
    ...deps,
    onSaved() {
      deps.onSaved();
      // Saving resumes a queue paused on a refused token (the background): show where it stands now.
      queue.refresh();
    },
  });

  return {
    model: state.model,
    start() {
      prefs.load();
      return queue.follow();
    },
    edit: form.edit,
    editCode: form.editCode,
    fillFromCode: form.fillFromCode,
    editProfile: form.editProfile,
    save: form.save,
    test: form.test,
    unsaved: form.unsaved,
    editPrefs: prefs.edit,
    reloadPrefs: prefs.load,
    savePrefs: prefs.save,
    retryQueue: queue.retryAll,
    retryItem: queue.retryItem,
    discard: queue.discard,
  };
}
