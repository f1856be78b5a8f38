/**
 * The options page's controllers wired together, without Preact: the list
 * of profiles (./profiles-controller.ts), the profile being edited with the
 * defaults and the offline queue (./controller.ts), the workspace's tags
 * (./tags-controller.ts) and custom domains (lib/domains/controller.ts).
 *
 * What one does that another must follow is said here once. The saved
 * connection is followed through storage: whenever the active profile's
 * address, token or workspace changes (the first Save, a token fixed,
 * another profile chosen here or in the popup), the list of profiles is read
 * again and every section that reads the service loads afresh, so none
 * keeps showing what an earlier connection answered. A profile chosen,
 * deleted or imported is shown in the form; an imported file reloads the
 * defaults. The queue is followed through the summary the background
 * rewrites on every change (lib/queue/status.ts). The campaign templates and
 * site rules are the active profile's: another profile chosen shows its own,
 * and a change stored elsewhere (a settings file imported) is read again.
 */
import { storage } from 'wxt/utils/storage';
import { createDomainsController, type DomainsModel } from '../domains/controller';
import type { PreferencesView, Send } from '../messaging/send-message';
import { queueStatusItem } from '../queue/status';
import { CONNECTION_KEY } from '../storage/keys';
import { getLinkSetup, linkSetupItem, setLinkSetup } from '../site-rules/link-setup';
import { connectionKeyOf } from './active-connection';
import { createOptionsController, type OptionsController, type OptionsModel } from './controller';
import { createLinkSetupController, type LinkSetupController, type LinkSetupModel } from './link-setup-controller';
import { createProfilesController, type ProfilesModel } from './profiles-controller';
import { createOptionsTagsController, type OptionsTagsController, type OptionsTagsModel } from './tags-controller';

export interface OptionsPageDeps {
  send: Send;
  /** Asks the browser for a host permission; must be called within the user's click. */
  requestPermission: (originPattern: string) => Promise<boolean>;
  /** Saves the exported settings file. */
  download: (json: string) => void;
  /** Preferences were loaded or changed (the page applies the theme). */
  onPrefs: (prefs: PreferencesView) => void;
  /** A change of the preferences was stored. */
  onPrefsSaved?: () => void;
  onOptions: (model: OptionsModel) => void;
  onProfiles: (model: ProfilesModel) => void;
  onTags: (model: OptionsTagsModel) => void;
  onDomains: (model: DomainsModel) => void;
  /** A domain was connected, deleted or found set up: the default domain's picker reads its choices again. */
  onDomainsChanged: () => void;
  /** The active profile's campaign templates and site rules. */
  onLinkSetup?: (model: LinkSetupModel) => void;
}

export interface OptionsPage {
  options: OptionsController;
  profiles: ReturnType<typeof createProfilesController>;
  tags: OptionsTagsController;
  domains: ReturnType<typeof createDomainsController>;
  linkSetup: LinkSetupController;
  /** Loads every section, and follows the saved connection and the queue; returns how to stop following. */
  start(): () => void;
  /** Saves the profile in the form (call from the click: it may ask for a permission). */
  save(): Promise<void>;
}

export function createOptionsPage(deps: OptionsPageDeps): OptionsPage {
  /** The connection the sections last loaded with (active-connection.ts); null before the profiles are read. */
  let loadedFor: string | null = null;

  function follow(list: ProfilesModel): void {
    if (list.profiles !== null && list.activeId !== '' && list.activeId !== linkSetup.model().profileId) void linkSetup.load(list.activeId);
    const key = connectionKeyOf(list);
    if (key === null || key === loadedFor) return;
    loadedFor = key;
    // Without a connection the sections say so themselves; nothing is asked of a service.
    if (key === '') return;
    void tags.load();
    void domains.start();
  }

  const profiles = createProfilesController({
    send: deps.send,
    onChange(model) {
      deps.onProfiles(model);
      follow(model);
    },
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
    onSaved: () => void profiles.reload().catch(() => undefined),
    onPrefs: deps.onPrefs,
    onPrefsSaved: deps.onPrefsSaved,
  });
  const tags = createOptionsTagsController({ send: deps.send, onChange: deps.onTags });
  const domains = createDomainsController({ send: deps.send, onChange: deps.onDomains, onDomainsChanged: deps.onDomainsChanged });
  const linkSetup = createLinkSetupController({
    load: getLinkSetup,
    save: setLinkSetup,
    newId: () => crypto.randomUUID(),
    onChange: (model) => deps.onLinkSetup?.(model),
  });

  return {
    options,
    profiles,
    tags,
    domains,
    linkSetup,
    start() {
      void profiles.start();
      const stopQueue = options.start();
      // Saved elsewhere too (the popup's switcher, another options tab): read the list again. The raw
      // key, not lib/storage/settings.ts's item: only the background migrates what is stored.
      const stopProfiles = storage.watch(CONNECTION_KEY, () => void profiles.reload().catch(() => undefined));
      const stopSetup = linkSetupItem.watch(() => {
        const shown = linkSetup.model().profileId;
        if (shown !== null) void linkSetup.load(shown);
      });
      return () => {
        stopQueue();
        stopProfiles();
        stopSetup();
      };
    },
    async save() {
      await options.save();
    },
  };
}
