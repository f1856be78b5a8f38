/**
 * The options page's three controllers wired together, without Preact: the
 * list of profiles (lib/options/profiles-controller.ts), the profile being
 * edited with the defaults and the offline queue (lib/options/controller.ts),
 * and the workspace's tags (lib/options/tags-controller.ts). What one does
 * that another must follow is said here once: a profile chosen, deleted or
 * imported is shown in the form; a saved one reloads the list and the tags;
 * an imported file reloads the defaults. The queue is followed through the
 * summary the background rewrites on every change (lib/queue/status.ts).
 */
import type { PreferencesView, Send } from '../messaging/send-message';
import { queueStatusItem } from '../queue/status';
import { createOptionsController, type OptionsController, type OptionsModel } from './controller';
import { createProfilesController, type ProfilesModel } from './profiles-controller';
import { createOptionsTagsController, type OptionsTagsController, type OptionsTagsModel } from './tags-controller';

export interface OptionsPageDeps {
  send: Send;
  /** Asks the browser for a host permission; must be called within the user's click. */
  requestPermission: (originPattern: string) => Promise<boolean>;
  /** Saves the exported settings file. */
  download: (json: string) => void;
  /** Preferences were loaded or saved (the page applies the theme). */
  onPrefs: (prefs: PreferencesView) => void;
  onOptions: (model: OptionsModel) => void;
  onProfiles: (model: ProfilesModel) => void;
  onTags: (model: OptionsTagsModel) => void;
}

export interface OptionsPage {
  options: OptionsController;
  profiles: ReturnType<typeof createProfilesController>;
  tags: OptionsTagsController;
  /** Loads every section and follows the queue; returns how to stop following. */
  start(): () => void;
  /** Saves the profile in the form (call from the click: it may ask for a permission); a saved one has its own tags. */
  save(): Promise<void>;
}

export function createOptionsPage(deps: OptionsPageDeps): OptionsPage {
  const profiles = createProfilesController({
    send: deps.send,
    onChange: deps.onProfiles,
    download: deps.download,
    edit: (profile, askToken) => options.editProfile(profile, askToken),
    onImported: () => options.reloadPrefs(),
  });
  const options = createOptionsController({
    send: deps.send,
    requestPermission: deps.requestPermission,
    watchQueue: (changed) => queueStatusItem.watch(() => changed()),
    onChange: deps.onOptions,
    profiles: () => ({ activeId: profiles.model().activeId, profiles: profiles.model().profiles ?? [] }),
    onSaved: () => void profiles.reload(),
    onPrefs: deps.onPrefs,
  });
  const tags = createOptionsTagsController({ send: deps.send, onChange: deps.onTags });

  return {
    options,
    profiles,
    tags,
    start() {
      void profiles.start();
      const stop = options.start();
      void tags.load();
      return stop;
    },
    async save() {
      if (await options.save()) await tags.load();
    },
  };
}
