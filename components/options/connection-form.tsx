import { t } from '../../lib/i18n/catalogue';
import type { DraftField, ProfileDraft } from '../../lib/options/controller';
import type { StatusText } from '../../lib/i18n/options-text';

interface Props {
  value: ProfileDraft;
  /** Each bad field's problem, in words. */
  problems: Partial<Record<DraftField, string>>;
  busy: boolean;
  status: StatusText | null;
  onChange: (value: ProfileDraft) => void;
  onSave: () => void;
  onTest: () => void;
}

const FIELDS: { key: DraftField; label: 'profilesNameLabel' | 'baseUrlLabel' | 'tokenLabel' | 'workspaceLabel'; type: string; autoComplete: string }[] = [
  { key: 'name', label: 'profilesNameLabel', type: 'text', autoComplete: 'off' },
  { key: 'baseUrl', label: 'baseUrlLabel', type: 'url', autoComplete: 'url' },
  { key: 'token', label: 'tokenLabel', type: 'password', autoComplete: 'off' },
  { key: 'workspaceId', label: 'workspaceLabel', type: 'text', autoComplete: 'off' },
];

/** One profile: its name, the service's address, token and workspace, with Save and Test connection. */
export function ConnectionForm({ value, problems, busy, status, onChange, onSave, onTest }: Props) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      {FIELDS.map((field) => {
        const problem = problems[field.key];
        const hintId = `${field.key}-hint`;
        return (
          <div key={field.key}>
            <label for={field.key}>{t(field.label)}</label>
            <input
              id={field.key}
              name={field.key}
              type={field.type}
              value={value[field.key]}
              autoComplete={field.autoComplete}
              spellcheck={false}
              aria-invalid={problem !== undefined}
              aria-describedby={hintId}
              onInput={(e) => onChange({ ...value, [field.key]: e.currentTarget.value })}
            />
            <p id={hintId} class={problem ? 'error' : 'hint'}>
              {problem ?? (field.key === 'baseUrl' ? t('baseUrlHint') : '')}
            </p>
          </div>
        );
      })}
      <div class="row">
        <button type="submit" class="primary" disabled={busy}>{t('save')}</button>
        <button type="button" disabled={busy} onClick={onTest}>{t('testConnection')}</button>
      </div>
      <p
        id="connection-status"
        role={status?.tone === 'error' ? 'alert' : 'status'}
        class={status?.tone === 'error' ? 'error' : status?.tone === 'ok' ? 'ok' : 'muted'}
      >
        {status?.text ?? ''}
      </p>
    </form>
  );
}
