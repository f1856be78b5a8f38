import { t } from '../../lib/i18n/catalogue';
import { connectionStatusText, draftProblemsText } from '../../lib/options/options-text';
import { profilesStatusText } from '../../lib/options/profiles-text';
import type { OptionsModel } from '../../lib/options/controller';
import { defaultProfileName } from '../../lib/options/default-name';
import type { OptionsPage } from '../../lib/options/page';
import type { ProfilesModel } from '../../lib/options/profiles-controller';
import { Card } from '../shared/card';
import { ConnectionForm } from './connection-form';
import { OptionsSection } from './options-section';
import { ProfileCodeForm } from './profile-code-form';
import { ProfileList } from './profile-list';

interface Props {
  page: OptionsPage;
  model: OptionsModel;
  list: ProfilesModel;
}

/** Connection and profiles: the saved profiles, and the form of the one being edited (or added), with Save and Test connection. */
export function ConnectionSection({ page, model, list }: Props) {
  const { options, profiles } = page;
  const first = list.profiles !== null && list.profiles.length === 0;
  const editingName = list.profiles?.find((p) => p.id === model.editingId)?.name;
  const others = (list.profiles ?? []).filter((p) => p.id !== model.editingId);
  const heading = first ? t('connectionFirstHeading') : editingName === undefined ? t('profilesNew') : t('profilesEditing', editingName);
  return (
    <OptionsSection id="connection" heading={t('connectionHeading')} intro={first ? t('connectionFirstIntro') : t('connectionIntro')}>
      <ProfileList
        model={list}
        editingId={model.editingId}
        status={list.status === null ? null : profilesStatusText(list.status)}
        onUse={(id) => void profiles.use(id)}
        onEdit={(profile) => options.editProfile(profile)}
        onAdd={() => {
          options.editProfile(null);
          document.getElementById('baseUrl')?.focus();
        }}
        onDelete={profiles.askDelete}
        onConfirmDelete={() => void profiles.confirmDelete()}
        onCancelDelete={profiles.cancelDelete}
      />
      <Card class="form-card">
        <h3>{heading}</h3>
        <ProfileCodeForm model={model} busy={model.busy} onChange={options.editCode} onFill={options.fillFromCode} />
        <ConnectionForm
          value={model.connection}
          problems={draftProblemsText(model.problems, model.serviceMessage)}
          busy={model.busy}
          status={model.status === null ? null : connectionStatusText(model.status)}
          defaultName={defaultProfileName(model.connection.baseUrl, model.connection.workspaceId, others)}
          checkedAt={model.problems}
          onChange={options.edit}
          onSave={() => void page.save()}
          onTest={() => void options.test()}
        />
      </Card>
    </OptionsSection>
  );
}
