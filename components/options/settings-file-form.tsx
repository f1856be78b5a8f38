import { Download, Upload } from 'lucide-preact';
import { useRef } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { StatusText } from '../../lib/options/options-text';
import type { ChosenFile } from '../../lib/options/settings-file';
import { Button } from '../shared/button';
import { Card } from '../shared/card';

interface Props {
  status: StatusText | null;
  onExport: () => void;
  /** The chosen file, read by the page only once its size is known to be a settings file's. */
  onImport: (file: ChosenFile) => void;
}

/**
 * Export the settings to a JSON file (no tokens), or import one. The file
 * input is the browser's own (so every browser's picker and drop work), kept
 * out of sight behind a button of the design system that opens it.
 */
export function SettingsFileForm({ status, onExport, onImport }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Card class="settings-card">
        <h3>{t('profilesExportHeading')}</h3>
        <p class="hint">{t('profilesExportHint')}</p>
        <div class="row">
          <Button icon={Download} onClick={onExport}>{t('profilesExport')}</Button>
        </div>
      </Card>
      <Card class="settings-card">
        <h3 id="settings-file-heading">{t('profilesImportLabel')}</h3>
        <p id="settings-file-hint" class="hint">{t('profilesImportHint')}</p>
        <input
          ref={input}
          id="settings-file"
          type="file"
          accept="application/json,.json"
          hidden
          onChange={(e) => {
            const chosen = e.currentTarget;
            const file = chosen.files?.[0];
            // Cleared, so choosing the same file again (after fixing it) reads it again; the File taken stays readable.
            if (file === undefined) return;
            onImport(file);
            chosen.value = '';
          }}
        />
        <div class="row">
          <Button icon={Upload} aria-describedby="settings-file-hint settings-file-status" onClick={() => input.current?.click()}>
            {t('profilesImportChoose')}
          </Button>
        </div>
        <p id="settings-file-status" role={status?.tone === 'error' ? 'alert' : 'status'} class={status?.tone === 'error' ? 'error' : 'ok'}>
          {status?.text ?? ''}
        </p>
      </Card>
    </>
  );
}
