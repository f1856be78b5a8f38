import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { CustomisePanelProps } from './customise-container';

type Panel = FunctionComponent<CustomisePanelProps>;

/**
 * Vite wraps each `import()` in its preload helper, a module of ~570 bytes
 * gzip the popup's first load would carry for this one import (its budget
 * has 60 to spare). The helper only adds <link rel=modulepreload> tags for
 * the chunk's imports, and extension pages load them from disk at once, so
 * the import is left to the browser: Vite uses a `__vitePreload` its module
 * defines instead of importing its own (vite/dist/node, buildImportAnalysisPlugin).
 */
const __vitePreload = <T,>(load: () => Promise<T>): Promise<T> => load();

// One popup, one panel: kept across the moments the panel is not drawn (while a customised link is made).
let loading: Promise<Panel> | undefined;
let loaded: Panel | undefined;
let opened = false;

/**
 * "Customise": the panel's code (keyword and tag rules, tag picker) loads on
 * first open, as the QR code does (components/popup/qr-toggle.tsx), so the popup's
 * first load carries none of it. Opened by the user, or by the popup when the
 * keyword must be chosen (`open`).
 */
export function CustomiseLazy({ open, ...props }: CustomisePanelProps & { open: boolean }) {
  const [Panel, setPanel] = useState(() => loaded);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState(opened);
  const wanted = open || shown;
  useEffect(() => {
    if (!wanted || Panel) return;
    loading ??= import('./customise-container').then((m) => (loaded = m.CustomisePanel));
    loading.then(
      (p) => setPanel(() => p),
      () => {
        loading = undefined;
        setFailed(true);
      },
    );
  }, [wanted]);
  return (
    <details open={wanted} onToggle={(e) => setShown((opened = e.currentTarget.open))}>
      <summary>{t('customise')}</summary>
      {Panel ? <Panel {...props} /> : failed ? <p role="alert" class="error">{t('tagsPanelFailed')}</p> : wanted && <p role="status">{t('loading')}</p>}
    </details>
  );
}
