/**
 * The first run's one field: the connection code the service printed, where
 * it comes from, and Connect. Its problem is said under it and the field is
 * marked, as a text field's is (components/shared/text-field.tsx); a textarea, so a
 * code pasted from an email keeps its line breaks until it is read.
 */
import { PlugZap } from 'lucide-preact';
import { useEffect } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { connectionCodeHintParts, type StatusText } from '../../lib/options/options-text';
import { Button } from '@/components/shared/button';

interface Props {
  value: string;
  /** The code's problem in words; null while there is none. */
  problem: string | null;
  busy: boolean;
  status: StatusText | null;
  /** Changes when Connect found a problem: the field takes the focus. */
  checkedAt: number;
  onChange: (value: string) => void;
  onConnect: () => void;
}

const ID = 'connection-code';
/** The commands that print a code, shown as typed (the container's, and the source checkout's). */
const COMMANDS = ['shortlink token --workspace acme', 'npm run server -- token --workspace acme'];

export function ConnectionCodeForm({ value, problem, busy, status, checkedAt, onChange, onConnect }: Props) {
  useEffect(() => {
    if (checkedAt > 0 && problem !== null) document.getElementById(ID)?.focus();
  }, [checkedAt]);
  const [before, between, after] = connectionCodeHintParts();
  return (
    <form
      noValidate
      class="connection-form connection-code-form"
      onSubmit={(e) => {
        e.preventDefault();
        onConnect();
      }}
    >
      <div class="field">
        <label for={ID}>{t('connectionCodeLabel')}</label>
        <p id={`${ID}-hint`} class="field-message hint">
          {before}
          <code>{COMMANDS[0]}</code>
          {between}
          <code>{COMMANDS[1]}</code>
          {after}
        </p>
        <textarea
          id={ID}
          name="connectionCode"
          rows={3}
          autoComplete="off"
          spellcheck={false}
          aria-invalid={problem === null ? undefined : true}
          aria-describedby={problem === null ? `${ID}-hint` : `${ID}-message ${ID}-hint`}
          value={value}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
        <p id={`${ID}-message`} class="field-message error" aria-live="polite">
          {problem ?? ''}
        </p>
      </div>
      <div class="row form-actions">
        <Button type="submit" variant="primary" icon={PlugZap} disabled={busy}>
          {t('firstRunConnect')}
        </Button>
        <p id={`${ID}-status`} role={status?.tone === 'error' ? 'alert' : 'status'} class={`grow status-line ${status?.tone === 'error' ? 'error' : status?.tone === 'ok' ? 'ok' : 'muted'}`}>
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
