/** The profile form: the service's address, token and workspace, an optional name, Save and Test connection. */
import { Eye, EyeOff, PlugZap, Save } from 'lucide-preact';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t, type MessageKey } from '../../lib/i18n/catalogue';
import type { StatusText } from '../../lib/options/options-text';
import type { DraftField, ProfileDraft } from '../../lib/options/controller';
import { Button } from '../shared/button';
import type { Icon } from '../shared/icon';
import { IconButton } from '@/components/shared/icon-button';
import { TextField } from '../shared/text-field';

interface Props {
  value: ProfileDraft;
  /** Each bad field's problem, in words. */
  problems: Partial<Record<DraftField, string>>;
  busy: boolean;
  status: StatusText | null;
  /** What the profile is called when its name is left empty ('' until the address and workspace are typed): the name field's placeholder. */
  defaultName: string;
  /** Changes when Save or the service found bad fields: the first of them takes the focus. */
  checkedAt: unknown;
  onChange: (value: ProfileDraft) => void;
  onSave: () => void;
  /** Absent on the first run: there is nothing saved to test yet, and Save checks the service anyway. */
  onTest?: () => void;
  /** The main button's words and icon (Save; Connect on the first run). */
  saveLabel?: string;
  saveIcon?: Icon;
  /** Shows the optional name field (the first run leaves it out: the default name is used). */
  askName?: boolean;
  children?: ComponentChildren;
}

const FIELDS: { key: DraftField; label: MessageKey; hint?: MessageKey; type: string; autoComplete: string }[] = [
  { key: 'baseUrl', label: 'baseUrlLabel', hint: 'baseUrlHint', type: 'url', autoComplete: 'url' },
  { key: 'token', label: 'tokenLabel', hint: 'tokenHint', type: 'password', autoComplete: 'off' },
  { key: 'workspaceId', label: 'workspaceLabel', hint: 'workspaceHint', type: 'text', autoComplete: 'off' },
  { key: 'name', label: 'profilesNameLabel', hint: 'profilesNameHint', type: 'text', autoComplete: 'off' },
];

/**
 * One profile: the service's address, token and workspace (all the service
 * needs), and an optional name; Save, and Test connection. A field's problem
 * is said under it and the field is marked; the line by the buttons only
 * says how the save went.
 */
export function ConnectionForm({ value, problems, busy, status, defaultName, checkedAt, onChange, onSave, onTest, saveLabel, saveIcon = Save, askName = true, children }: Props) {
  // The token is hidden as a password is; shown on demand, to check one typed or pasted.
  const [tokenShown, setTokenShown] = useState(false);
  useEffect(() => {
    const first = FIELDS.find((f) => problems[f.key] !== undefined);
    if (first) document.getElementById(first.key)?.focus();
  }, [checkedAt]);
  return (
    <form
      noValidate
      class="connection-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      {FIELDS.filter((field) => askName || field.key !== 'name').map((field) => (
        <TextField
          key={field.key}
          id={field.key}
          name={field.key}
          type={field.key === 'token' && tokenShown ? 'text' : field.type}
          label={t(field.label)}
          hint={field.hint && t(field.hint)}
          error={problems[field.key] ?? null}
          value={value[field.key]}
          autoComplete={field.autoComplete}
          spellcheck={false}
          placeholder={field.key === 'name' && defaultName !== '' ? defaultName : undefined}
          onInput={(e) => onChange({ ...value, [field.key]: e.currentTarget.value })}
          suffix={
            field.key === 'token' ? (
              <IconButton
                icon={tokenShown ? EyeOff : Eye}
                label={tokenShown ? t('tokenHide') : t('tokenShow')}
                size="small"
                class="field-button"
                onClick={() => setTokenShown(!tokenShown)}
              />
            ) : undefined
          }
        />
      ))}
      {children}
      <div class="row form-actions">
        <Button type="submit" variant="primary" icon={saveIcon} disabled={busy}>
          {saveLabel ?? t('save')}
        </Button>
        {onTest && (
          <Button icon={PlugZap} disabled={busy} onClick={onTest}>
            {t('testConnection')}
          </Button>
        )}
        <p id="connection-status" role={status?.tone === 'error' ? 'alert' : 'status'} class={`grow status-line ${status?.tone === 'error' ? 'error' : status?.tone === 'ok' ? 'ok' : 'muted'}`}>
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
