/**
 * The options page: a nav of sections and the one the address names
 * (components/options/), drawn from the models of lib/options/page.ts, with
 * clicks handed back to it.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { AppearanceSection } from '@/components/options/appearance-section';
import { ConnectionSection } from '@/components/options/connection-section';
import { DomainsSection } from '@/components/options/domains-section';
import { NotConnected } from '@/components/options/not-connected';
import { OptionsNav } from '@/components/options/options-nav';
import { OptionsSection } from '@/components/options/options-section';
import { QueueSection } from '@/components/options/queue-section';
import { RulesSection } from '@/components/options/rules-section';
import { SettingsFileForm } from '@/components/options/settings-file-form';
import { ShorteningSection } from '@/components/options/shortening-section';
import { TagsSection } from '@/components/options/tags-section';
import { useHashSection } from '@/components/options/use-hash-section';
import { WatchContainer } from '@/components/options/watch-container';
import { Toast, useToast } from '@/components/shared/toast';
import { downloadFile } from '@/lib/browser/download';
import { openBulk } from '@/lib/batch/open-bulk';
import { applyTheme } from '@/lib/browser/theme';
import { guardUnsaved } from '@/lib/browser/unsaved-guard';
import { INITIAL_DOMAINS } from '@/lib/domains/controller';
import { INITIAL_LINK_SETUP } from '@/lib/options/link-setup-controller';
import { t } from '@/lib/i18n/catalogue';
import { fileStatusText } from '@/lib/options/profiles-text';
import { sendMessage } from '@/lib/messaging/send-message';
import { activeConnection, connectionKeyOf, serviceHostOf } from '@/lib/options/active-connection';
import { INITIAL_OPTIONS } from '@/lib/options/controller';
import { createOptionsPage } from '@/lib/options/page';
import { INITIAL_PROFILES } from '@/lib/options/profiles-controller';
import { INITIAL_OPTIONS_TAGS } from '@/lib/options/tags-controller';
import { copyText } from '@/lib/browser/copy-text';

export function App() {
  const [model, setModel] = useState(INITIAL_OPTIONS);
  const [list, setList] = useState(INITIAL_PROFILES);
  const [tagsModel, setTagsModel] = useState(INITIAL_OPTIONS_TAGS);
  const [domainsModel, setDomainsModel] = useState(INITIAL_DOMAINS);
  const [domainsVersion, setDomainsVersion] = useState(0);
  const [linkSetupModel, setLinkSetupModel] = useState(INITIAL_LINK_SETUP);
  const [section, go] = useHashSection();
  const toast = useToast();
  const page = useMemo(
    () =>
      createOptionsPage({
        send: sendMessage,
        requestPermission: (pattern) => browser.permissions.request({ origins: [pattern] }),
        download: (json) => downloadFile(document, `${t('profilesExportName')}.json`, 'application/json', json),
        onPrefs: (prefs) => applyTheme(prefs.theme),
        onPrefsSaved: () => toast.show(t('saved')),
        onOptions: setModel,
        onProfiles: setList,
        onTags: setTagsModel,
        onDomains: setDomainsModel,
        onDomainsChanged: () => setDomainsVersion((n) => n + 1),
        onLinkSetup: setLinkSetupModel,
      }),
    [],
  );
  const { options, profiles, tags, domains, linkSetup } = page;
  useEffect(() => page.start(), []);
  useEffect(() => guardUnsaved(options.unsaved), []);

  const key = connectionKeyOf(list);
  const serviceHost = serviceHostOf(activeConnection(list)?.baseUrl ?? '');
  // null while the profiles load: nothing is said about a connection not known yet.
  const connection = key === null || key === '' ? null : { key, serviceHost };
  const toConnection = () => go('connection', 'baseUrl');
  const notConnected = (text: string) => key === '' && <NotConnected text={text} onGoToConnection={toConnection} />;

  return (
    <div class="options-page">
      <header class="options-header">
        <img src="/icon/48.png" width={32} height={32} alt="" />
        <h1>{t('optionsTitle')}</h1>
      </header>
      <div class="options-body">
        <OptionsNav current={section} waiting={model.queue?.items.length ?? 0} onSelect={(id) => go(id)} />
        <main class="options-main">
          {section === 'connection' && <ConnectionSection page={page} model={model} list={list} />}
          {section === 'shortening' && (
            <ShorteningSection
              prefs={model.prefs}
              status={model.prefsStatus}
              onChange={(prefs) => void options.editPrefs(prefs)}
              onRetry={() => void options.savePrefs()}
              connection={connection}
              domainsVersion={domainsVersion}
              tags={tagsModel.list}
              onReloadTags={() => void tags.load()}
              send={sendMessage}
              onGoToConnection={toConnection}
              onOpenBulk={() => void openBulk()}
            />
          )}
          {section === 'appearance' && (
            <AppearanceSection prefs={model.prefs} saving={model.prefsStatus === 'saving'} onChange={(prefs) => void options.editPrefs(prefs)} />
          )}
          {section === 'domains' && (
            <OptionsSection id="domains" heading={t('domainsHeading')} intro={t('domainsIntro')}>
              {notConnected(t('domainsNotConfigured'))}
              {connection && <DomainsSection model={domainsModel} domains={domains} serviceHost={serviceHost} copy={copyText} onGoToConnection={toConnection} />}
            </OptionsSection>
          )}
          {section === 'tags' && (
            <OptionsSection id="tags" heading={t('tagsHeading')} intro={t('tagsIntro')}>
              {notConnected(t('tagsNotConnected'))}
              {connection && <TagsSection model={tagsModel} tags={tags} serviceHost={serviceHost} onGoToConnection={toConnection} />}
            </OptionsSection>
          )}
          {section === 'rules' && (
            <OptionsSection id="rules" heading={t('rulesHeading')} intro={t('rulesIntro')}>
              {notConnected(t('rulesNotConnected'))}
              {connection && (
                <RulesSection
                  model={linkSetupModel}
                  controller={linkSetup}
                  profileName={activeConnection(list)?.name ?? ''}
                  cleanLinks={model.prefs?.cleanLinks ?? true}
                  tags={tagsModel.list}
                  onReloadTags={() => void tags.load()}
                  send={sendMessage}
                  serviceHost={serviceHost}
                  domainsKey={`${connection.key} ${domainsVersion}`}
                />
              )}
            </OptionsSection>
          )}
          {section === 'watch' && <WatchContainer connectionKey={key} onGoToConnection={toConnection} />}
          {section === 'queue' && <QueueSection model={model} options={options} list={list} onFixConnection={() => go('connection', 'token')} />}
          {section === 'file' && (
            <OptionsSection id="file" heading={t('profilesFileHeading')} intro={t('profilesFileIntro')}>
              <SettingsFileForm
                status={list.fileStatus === null ? null : fileStatusText(list.fileStatus)}
                onExport={() => void profiles.exportFile()}
                onImport={(text) => void profiles.importFile(text)}
              />
            </OptionsSection>
          )}
          <Toast message={toast.message} />
        </main>
      </div>
    </div>
  );
}
