/** The shortening defaults and theme: loaded, edited on the page, saved on the user's click. */
import type { PreferencesView, Send } from '../messaging/send-message';
import type { OptionsState } from './options-model';

interface PreferencesDeps {
  send: Send;
  /** Preferences were loaded or saved (the page applies the theme). */
  onPrefs?: (prefs: PreferencesView) => void;
}

export function createPreferences({ model, set }: OptionsState, deps: PreferencesDeps) {
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
    edit(prefs: PreferencesView): void {
      set({ prefs, prefsStatus: null });
    },
    async save(): Promise<void> {
      const { prefs } = model();
      if (!prefs) return;
      try {
        await deps.send('savePreferences', prefs);
        set({ prefsStatus: 'saved' });
        // The theme follows what the page shows now, edits made while saving included.
        deps.onPrefs?.(model().prefs ?? prefs);
      } catch {
        set({ prefsStatus: 'failed' });
      }
    },
  };
}
