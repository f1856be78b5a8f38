/**
 * The designer's saved styles: apply one, save the current design under a
 * name (optionally as the profile's default), delete one. The rules are
 * lib/qr/qr-style.ts's; this is the form.
 */
import { Save, Trash2 } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { QrStyles } from '../../lib/qr/qr-style';
import { Button } from '@/components/shared/button';
import { SelectField } from '@/components/shared/select-field';
import { TextField } from '@/components/shared/text-field';

export interface QrStylesProps {
  id: string;
  styles: QrStyles;
  /** The style last applied or saved; '' for none. */
  chosen: string;
  onChoose: (name: string) => void;
  onSave: (name: string, makeDefault: boolean) => void;
  onDelete: (name: string) => void;
  /** The last save or delete in words, and whether it failed. */
  message: { text: string; error: boolean } | null;
}

export function QrStylesGroup({ id, styles, chosen, onChoose, onSave, onDelete, message }: QrStylesProps) {
  const [name, setName] = useState(chosen);
  const [makeDefault, setMakeDefault] = useState(false);
  return (
    <fieldset class="qr-designer-styles">
      <legend>{t('qrStyles')}</legend>
      {styles.styles.length > 0 && (
        <div class="row">
          <SelectField
            id={`${id}-style`}
            label={t('qrStyleChoose')}
            value={chosen}
            options={[{ value: '', label: t('qrStyleNone') }, ...styles.styles.map((s) => ({ value: s.name, label: s.name }))]}
            onChange={(e) => {
              onChoose(e.currentTarget.value);
              setName(e.currentTarget.value);
            }}
          />
          {chosen !== '' && (
            <Button size="small" icon={Trash2} onClick={() => onDelete(chosen)}>
              {t('qrStyleDelete')}
            </Button>
          )}
        </div>
      )}
      <TextField
        id={`${id}-style-name`}
        label={t('qrStyleName')}
        value={name}
        maxLength={60}
        autocomplete="off"
        error={message?.error ? message.text : null}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <label class="check">
        <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.currentTarget.checked)} />
        {t('qrStyleMakeDefault')}
      </label>
      <div class="row">
        <Button size="small" icon={Save} onClick={() => onSave(name, makeDefault)}>
          {t('qrStyleSave')}
        </Button>
      </div>
      <p class="field-message hint" role="status">
        {message && !message.error ? message.text : ''}
      </p>
    </fieldset>
  );
}
