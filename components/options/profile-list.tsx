import { t } from '../../lib/i18n/catalogue';
import type { ProfileEntry } from '../../lib/options/controller';
import type { ProfilesModel } from '../../lib/options/profiles-controller';
import { profilesDeleteQueuedText } from '../../lib/i18n/profiles-text';
import type { StatusText } from '../../lib/i18n/options-text';

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

/** The stored profiles: which one is active, Use, Edit, Delete (confirmed), Add. */
export function ProfileList({ model, editingId, status, onUse, onEdit, onAdd, onDelete, onConfirmDelete, onCancelDelete }: Props) {
  const { profiles, activeId, confirming } = model;
  if (profiles === null) return <p role="status">{t('loading')}</p>;
  return (
    <div>
      <ul class="plain">
        {profiles.map((p) => (
          <li key={p.id} aria-current={p.id === editingId ? 'true' : undefined}>
            <strong>{p.name}</strong>{' '}
            {p.id === activeId && <span class="ok">({t('profilesActive')}) </span>}
            {p.token === '' && <span class="warn">{t('profilesTokenNeeded')}</span>}
            <div class="muted url">
              {p.workspaceId} · {p.baseUrl}
            </div>
            <div class="row">
              {p.id !== activeId && (
                <button type="button" aria-label={t('profilesUseNamed', p.name)} onClick={() => onUse(p.id)}>
                  {t('profilesUse')}
                </button>
              )}
              <button type="button" aria-label={t('profilesEditNamed', p.name)} onClick={() => onEdit(p)}>
                {t('profilesEdit')}
              </button>
              <button type="button" aria-label={t('profilesDeleteNamed', p.name)} onClick={() => onDelete(p.id)}>
                {t('profilesDelete')}
              </button>
            </div>
            {confirming?.id === p.id && (
              <div role="group" aria-labelledby={`confirm-${p.id}`}>
                <p id={`confirm-${p.id}`}>
                  {t('profilesDeleteConfirm', p.name)}
                  {confirming.queued !== null && ` ${profilesDeleteQueuedText(confirming.queued)}`}
                </p>
                <div class="row">
                  <button type="button" class="primary" onClick={onConfirmDelete}>
                    {confirming.queued === null ? t('profilesDeleteYes') : t('profilesDeleteDiscardYes')}
                  </button>
                  <button type="button" onClick={onCancelDelete}>{t('profilesCancel')}</button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <div class="row">
        <button type="button" onClick={onAdd}>{t('profilesAdd')}</button>
      </div>
      <p id="profiles-status" role={status?.tone === 'error' ? 'alert' : 'status'} class={status?.tone === 'error' ? 'error' : 'ok'}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}
