/**
 * The shortening defaults and the theme. Each change is saved as it is made
 * (a switch, a choice: no Save button to forget), and the theme is applied
 * at once. Saves run one after another, the last always with what the page
 * shows then, so a quick run of changes cannot store an older one last.
 */
import type { PreferencesView, Send } from '../messaging/send-message';
import type { OptionsState } from './options-model';

interface PreferencesDeps {
  send: Send;
  /** Preferences were loaded or changed (the page applies the theme). */
  onPrefs?: (prefs: PreferencesView) => void;
  /** A change was stored (the page says so briefly). */
  onPrefsSaved?: () => void;
}

export function createPreferences({ model, set }: OptionsState, deps: PreferencesDeps) {
  let running: Promise<void> | null = null;
  let again = false;

  async function run(): Promise<void> {
    do {
      again = false;
      const prefs = model().prefs;
      if (prefs === null) return;
      set({ prefsStatus: 'saving' });
      try {
        await deps.send('savePreferences', prefs);
        // Another change came while this one was sent: its own save follows, and says so.
        if (!again) {
          set({ prefsStatus: 'saved' });
          deps.onPrefsSaved?.();
        }
      } catch {
        set({ prefsStatus: 'failed' });
      }
    } while (again);
  }

  /** Saves what the page shows now; resolves once everything asked for so far is stored (or failed). */
  function save(): Promise<void> {
    if (running !== null) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    load(): void {
      deps.send('getSettings', {}).then(
        (settings) => {
          set({ prefs: settings.preferences });
          deps.onPrefs?.(settings.preferences);
        },
        () => set({ status: { kind: 'internal' } }),
      );
    },
    /** A change on the page: shown (the theme applied) at once, then saved. */
    edit(prefs: PreferencesView): Promise<void> {
      set({ prefs });
      deps.onPrefs?.(prefs);
      return save();
    },
    save,
  };
}
