import { t } from '../../lib/i18n/catalogue';
import type { StatusText } from '../../lib/i18n/options-text';
import type { ChosenFile } from '../../lib/options/settings-file';

interface Props {
  status: StatusText | null;
  onExport: () => void;
  /** The chosen file, read by the page only once its size is known to be a settings file's. */
  onImport: (file: ChosenFile) => void;
}

/** Export the settings to a JSON file (no tokens), or import one. */
export function SettingsFileForm({ status, onExport, onImport }: Props) {
  return (
    <div>
      <div class="row">
        <button type="button" onClick={onExport}>{t('profilesExport')}</button>
      </div>
      <label for="settings-file">{t('profilesImportLabel')}</label>
      <input
        id="settings-file"
        type="file"
        accept="application/json,.json"
        aria-describedby="settings-file-status"
        onChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) reads it again; the File taken stays readable.
          if (file === undefined) return;
          onImport(file);
          input.value = '';
        }}
      />
      <p id="settings-file-status" role={status?.tone === 'error' ? 'alert' : 'status'} class={status?.tone === 'error' ? 'error' : 'ok'}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}
