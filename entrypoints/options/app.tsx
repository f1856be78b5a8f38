/**
 * The options page: draws the models of lib/options/controller.ts (the
 * profile being edited, test, defaults, the offline queue) and
 * lib/options/profiles-controller.ts (the list of profiles, the settings file), and
 * hands clicks to them.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ConnectionForm } from '@/components/options/connection-form';
import { DefaultsForm } from '@/components/options/defaults-form';
import { DomainsSection } from '@/components/options/domains-container';
import { ProfileList } from '@/components/options/profile-list';
import { QueueList } from '@/components/options/queue-list';
import { SettingsFileForm } from '@/components/options/settings-file-form';
import { TagsSection } from '@/components/options/tags-section';
import { downloadFile } from '@/lib/browser/download';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import { createOptionsController, INITIAL_OPTIONS, type DraftField } from '@/lib/options/controller';
import { createOptionsTagsController, INITIAL_OPTIONS_TAGS } from '@/lib/options/tags-controller';
import { connectionProblemText, connectionStatusText } from '@/lib/i18n/options-text';
import { createProfilesController, INITIAL_PROFILES } from '@/lib/options/profiles-controller';
import { fileStatusText, profilesStatusText } from '@/lib/i18n/profiles-text';
import { applyTheme } from '@/lib/browser/theme';

/**
 * The queue lives in the background, which rewrites `queueStatus` in local
 * storage on every change (attempts and errors included): that write is the
 * cue to look again.
 */
function watchQueue(changed: () => void): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && 'queueStatus' in changes) changed();
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

const copyText = async (text: string) => (await navigator.clipboard.writeText(text), true);
/** A paused queue waits for a working token: take the user to its field. */
const focusToken = () => document.getElementById('token')?.focus();

const requestPermission = (pattern: string) => browser.permissions.request({ origins: [pattern] });

export function App() {
  const [model, setModel] = useState(INITIAL_OPTIONS);
  const [list, setList] = useState(INITIAL_PROFILES);
  const { options, profiles } = useMemo(() => {
    const profiles = createProfilesController({
      send: sendMessage,
      onChange: setList,
      download: (json) => downloadFile(document, `${t('profilesExportName')}.json`, 'application/json', json),
      edit: (profile, askToken) => options.editProfile(profile, askToken),
      onImported: () => options.reloadPrefs(),
    });
    const options = createOptionsController({
      send: sendMessage,
      requestPermission,
      watchQueue,
      onChange: setModel,
      profiles: () => ({ activeId: profiles.model().activeId, profiles: profiles.model().profiles ?? [] }),
      onSaved: () => void profiles.reload(),
      onPrefs: (prefs) => applyTheme(prefs.theme),
    });
    return { options, profiles };
  }, []);
  useEffect(() => {
    void profiles.start();
    return options.start();
  }, []);
  const [domainsVersion, setDomainsVersion] = useState(0);
  const [tagsModel, setTagsModel] = useState(INITIAL_OPTIONS_TAGS);
  const tags = useMemo(() => createOptionsTagsController({ send: sendMessage, onChange: setTagsModel }), []);
  useEffect(() => void tags.load(), []);
  useEffect(() => {
    // Closing the page would lose typed edits: the browser asks first.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (options.unsaved()) event.preventDefault();
    };
    addEventListener('beforeunload', onBeforeUnload);
    return () => removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const problems: Partial<Record<DraftField, string>> = {};
  for (const [field, problem] of Object.entries(model.problems)) {
    problems[field as DraftField] = connectionProblemText(problem, model.serviceMessage);
  }
  const prefsStatus =
    model.prefsStatus === null
      ? null
      : model.prefsStatus === 'saved'
        ? { tone: 'ok' as const, text: t('saved') }
        : { tone: 'error' as const, text: t('errorInternal') };
  const editingName = list.profiles?.find((p) => p.id === model.editingId)?.name;

  return (
    <>
      <h1>{t('optionsTitle')}</h1>
      <section aria-labelledby="profiles-heading">
        <h2 id="profiles-heading">{t('profilesHeading')}</h2>
        <p class="muted">{t('profilesIntro')}</p>
        <ProfileList
          model={list}
          editingId={model.editingId}
          status={list.status === null ? null : profilesStatusText(list.status)}
          onUse={(id) => void profiles.use(id)}
          onEdit={(profile) => options.editProfile(profile)}
          onAdd={() => options.editProfile(null)}
          onDelete={profiles.askDelete}
          onConfirmDelete={() => void profiles.confirmDelete()}
          onCancelDelete={profiles.cancelDelete}
        />
      </section>
      <section aria-labelledby="connection-heading">
        <h2 id="connection-heading">{t('connectionHeading')}</h2>
        <p class="muted">{editingName === undefined ? t('profilesNew') : t('profilesEditing', editingName)}</p>
        <p class="muted">{t('connectionIntro')}</p>
        <ConnectionForm
          value={model.connection}
          problems={problems}
          busy={model.busy}
          status={model.status === null ? null : connectionStatusText(model.status)}
          onChange={options.edit}
          onSave={() => void options.save().then((saved) => (saved ? tags.load() : undefined))}
          onTest={() => void options.test()}
        />
      </section>
      <section aria-labelledby="defaults-heading">
        <h2 id="defaults-heading">{t('defaultsHeading')}</h2>
        {model.prefs ? (
          <DefaultsForm
            value={model.prefs}
            status={prefsStatus}
            onChange={options.editPrefs}
            onSave={() => void options.savePrefs()}
            tags={tagsModel.list}
            onReloadTags={() => void tags.load()}
            send={sendMessage}
            domainsVersion={domainsVersion}
          />
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </section>
      <section aria-labelledby="domains-heading">
        <h2 id="domains-heading">{t('domainsHeading')}</h2>
        <p class="muted">{t('domainsIntro')}</p>
        <DomainsSection
          send={sendMessage}
          copy={copyText}
          connectionKey={`${model.saved?.baseUrl ?? ''} ${model.saved?.workspaceId ?? ''}`}
          onChanged={() => setDomainsVersion((n) => n + 1)}
        />
      </section>
      <section aria-labelledby="tags-heading">
        <h2 id="tags-heading">{t('tagsHeading')}</h2>
        <p class="muted">{t('tagsIntro')}</p>
        <TagsSection model={tagsModel} tags={tags} />
      </section>
      <section aria-labelledby="file-heading">
        <h2 id="file-heading">{t('profilesFileHeading')}</h2>
        <p class="muted">{t('profilesFileIntro')}</p>
        <SettingsFileForm
          status={list.fileStatus === null ? null : fileStatusText(list.fileStatus)}
          onExport={() => void profiles.exportFile()}
          onImport={(text) => void profiles.importFile(text)}
        />
      </section>
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading">{t('queueHeading')}</h2>
        <p class="muted">{t('queueIntro')}</p>
        {model.queue ? (
          <QueueList
            status={model.queue}
            now={model.now}
            busy={model.retrying}
            busyId={model.retryingId}
            onRetryAll={() => void options.retryQueue()}
            onRetry={(id) => void options.retryItem(id)}
            onDiscard={(id) => void options.discard(id)}
            onFixConnection={focusToken}
            profiles={list.profiles ?? []}
          />
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </section>
    </>
  );
}
