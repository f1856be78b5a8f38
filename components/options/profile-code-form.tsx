/**
 * Options → Connection: a connection code pasted to fill the profile's
 * address, token and workspace at once (lib/options/profile-form.ts,
 * fillFromCode). Nothing is saved here: Save checks what it filled.
 */
import { ClipboardPaste } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { codeProblemText } from '../../lib/options/options-text';
import type { OptionsModel } from '../../lib/options/controller';
import { Button } from '@/components/shared/button';
import { TextField } from '@/components/shared/text-field';

interface Props {
  model: OptionsModel;
  busy: boolean;
  onChange: (code: string) => void;
  /** Returns whether the fields were filled. */
  onFill: () => boolean;
}

export function ProfileCodeForm({ model, busy, onChange, onFill }: Props) {
  return (
    <form
      noValidate
      class="profile-code-form"
      onSubmit={(e) => {
        e.preventDefault();
        // Filled: the address takes the focus, to read what came in; refused: the code keeps it.
        document.getElementById(onFill() ? 'baseUrl' : 'profile-code')?.focus();
      }}
    >
      <TextField
        id="profile-code"
        name="connectionCode"
        label={t('profilesCodeLabel')}
        hint={t('profilesCodeHint')}
        error={model.codeProblem === null ? null : codeProblemText({ kind: 'code', problem: model.codeProblem })}
        value={model.code}
        autoComplete="off"
        spellcheck={false}
        onInput={(e) => onChange(e.currentTarget.value)}
        suffix={
          <Button type="submit" icon={ClipboardPaste} disabled={busy} class="field-button">
            {t('profilesCodeFill')}
          </Button>
        }
      />
    </form>
  );
}
