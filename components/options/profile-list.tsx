import { Pencil, Plus, Trash2 } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { StatusText } from '../../lib/options/options-text';
import { profilesDeleteQueuedText } from '../../lib/options/profiles-text';
import { serviceHostOf } from '../../lib/options/active-connection';
import type { ProfileEntry } from '../../lib/options/controller';
import type { ProfilesModel } from '../../lib/options/profiles-controller';
import { Button } from '../shared/button';
import { ConfirmGroup } from '../shared/confirm-group';

interface Props {
  model: ProfilesModel;
  editingId: string | null;
  status: StatusText | null;
  onUse: (id: string) => void;
  onEdit: (profile: ProfileEntry) => void;
  onAdd: () => void;
  onDelete: (id: string) => void;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
}

/** The stored profiles: which one is active, Use, Edit, Delete (confirmed), and Add. */
export function ProfileList({ model, editingId, status, onUse, onEdit, onAdd, onDelete, onConfirmDelete, onCancelDelete }: Props) {
  const { profiles, activeId, confirming } = model;
  if (profiles === null || profiles.length === 0) return null;
  return (
    <div class="profiles">
      <div class="row spread">
        <h3 id="profiles-heading">{t('profilesHeading')}</h3>
        <Button size="small" icon={Plus} onClick={onAdd}>
          {t('profilesAdd')}
        </Button>
      </div>
      <p class="hint">{t('profilesIntro')}</p>
      <ul class="profile-list" aria-labelledby="profiles-heading">
        {profiles.map((p) => (
          <li key={p.id} class={p.id === editingId ? 'profile-row editing' : 'profile-row'} aria-current={p.id === editingId ? 'true' : undefined}>
            <div class="profile-main">
              <div class="grow">
                <strong>{p.name}</strong>
                {p.id === activeId && <span class="pill ok">{t('profilesActive')}</span>}
                {p.token === '' && <span class="pill warn">{t('profilesTokenNeeded')}</span>}
                <div class="muted url">
                  {p.workspaceId} · {serviceHostOf(p.baseUrl) || p.baseUrl}
                </div>
              </div>
              <div class="row-actions">
                {p.id !== activeId && (
                  <Button size="small" aria-label={t('profilesUseNamed', p.name)} onClick={() => onUse(p.id)}>
                    {t('profilesUse')}
                  </Button>
                )}
                <Button size="small" variant="ghost" icon={Pencil} aria-label={t('profilesEditNamed', p.name)} onClick={() => onEdit(p)}>
                  {t('profilesEdit')}
                </Button>
                <Button size="small" variant="ghost" class="danger-text" icon={Trash2} aria-label={t('profilesDeleteNamed', p.name)} onClick={() => onDelete(p.id)}>
                  {t('profilesDelete')}
                </Button>
              </div>
            </div>
            {confirming?.id === p.id && (
              <ConfirmGroup
                yes={confirming.queued === null ? t('profilesDeleteYes') : t('profilesDeleteDiscardYes')}
                no={t('profilesCancel')}
                onYes={onConfirmDelete}
                onNo={onCancelDelete}
              >
                {t('profilesDeleteConfirm', p.name)}
                {confirming.queued !== null && ` ${profilesDeleteQueuedText(confirming.queued)}`}
              </ConfirmGroup>
            )}
          </li>
        ))}
      </ul>
      <p id="profiles-status" role={status?.tone === 'error' ? 'alert' : 'status'} class={status?.tone === 'error' ? 'error' : 'ok'}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}
