/**
 * The options page: its sections (components/options/), drawn from the
 * models of lib/options/page.ts, with clicks handed back to it.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ConnectionForm } from '@/components/options/connection-form';
import { DefaultsForm } from '@/components/options/defaults-form';
import { DomainsSection } from '@/components/options/domains-container';
import { OptionsSection } from '@/components/options/options-section';
import { ProfileList } from '@/components/options/profile-list';
import { QueueList } from '@/components/options/queue-list';
import { SettingsFileForm } from '@/components/options/settings-file-form';
import { TagsSection } from '@/components/options/tags-section';
import { downloadFile } from '@/lib/browser/download';
import { applyTheme } from '@/lib/browser/theme';
import { guardUnsaved } from '@/lib/browser/unsaved-guard';
import { t } from '@/lib/i18n/catalogue';
import { connectionStatusText, draftProblemsText, prefsStatusText } from '@/lib/i18n/options-text';
import { fileStatusText, profilesStatusText } from '@/lib/i18n/profiles-text';
import { sendMessage } from '@/lib/messaging/send-message';
import { INITIAL_OPTIONS } from '@/lib/options/controller';
import { createOptionsPage } from '@/lib/options/page';
import { INITIAL_PROFILES } from '@/lib/options/profiles-controller';
import { INITIAL_OPTIONS_TAGS } from '@/lib/options/tags-controller';

const copyText = async (text: string) => (await navigator.clipboard.writeText(text), true);
/** A paused queue waits for a working token: take the user to its field. */
const focusToken = () => document.getElementById('token')?.focus();

export function App() {
  const [model, setModel] = useState(INITIAL_OPTIONS);
  const [list, setList] = useState(INITIAL_PROFILES);
  const [tagsModel, setTagsModel] = useState(INITIAL_OPTIONS_TAGS);
  const [domainsVersion, setDomainsVersion] = useState(0);
  const page = useMemo(
    () =>
      createOptionsPage({
        send: sendMessage,
        requestPermission: (pattern) => browser.permissions.request({ origins: [pattern] }),
        download: (json) => downloadFile(document, `${t('profilesExportName')}.json`, 'application/json', json),
        onPrefs: (prefs) => applyTheme(prefs.theme),
        onOptions: setModel,
        onProfiles: setList,
        onTags: setTagsModel,
      }),
    [],
  );
  const { options, profiles, tags } = page;
  useEffect(() => page.start(), []);
  useEffect(() => guardUnsaved(options.unsaved), []);
  const editingName = list.profiles?.find((p) => p.id === model.editingId)?.name;

  return (
    <>
      <h1>{t('optionsTitle')}</h1>
      <OptionsSection id="profiles" heading={t('profilesHeading')} intro={t('profilesIntro')}>
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
      </OptionsSection>
      <OptionsSection
        id="connection"
        heading={t('connectionHeading')}
        intro={editingName === undefined ? t('profilesNew') : t('profilesEditing', editingName)}
      >
        <p class="muted">{t('connectionIntro')}</p>
        <ConnectionForm
          value={model.connection}
          problems={draftProblemsText(model.problems, model.serviceMessage)}
          busy={model.busy}
          status={model.status === null ? null : connectionStatusText(model.status)}
          onChange={options.edit}
          onSave={() => void page.save()}
          onTest={() => void options.test()}
        />
      </OptionsSection>
      <OptionsSection id="defaults" heading={t('defaultsHeading')}>
        {model.prefs ? (
          <DefaultsForm
            value={model.prefs}
            status={prefsStatusText(model.prefsStatus)}
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
      </OptionsSection>
      <OptionsSection id="domains" heading={t('domainsHeading')} intro={t('domainsIntro')}>
        <DomainsSection
          send={sendMessage}
          copy={copyText}
          connectionKey={`${model.saved?.baseUrl ?? ''} ${model.saved?.workspaceId ?? ''}`}
          onChanged={() => setDomainsVersion((n) => n + 1)}
        />
      </OptionsSection>
      <OptionsSection id="tags" heading={t('tagsHeading')} intro={t('tagsIntro')}>
        <TagsSection model={tagsModel} tags={tags} />
      </OptionsSection>
      <OptionsSection id="file" heading={t('profilesFileHeading')} intro={t('profilesFileIntro')}>
        <SettingsFileForm
          status={list.fileStatus === null ? null : fileStatusText(list.fileStatus)}
          onExport={() => void profiles.exportFile()}
          onImport={(text) => void profiles.importFile(text)}
        />
      </OptionsSection>
      <OptionsSection id="queue" heading={t('queueHeading')} intro={t('queueIntro')}>
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
      </OptionsSection>
    </>
  );
}
