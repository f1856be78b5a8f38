import { Download, Ellipsis, FileJson } from 'lucide-preact';
import { useState } from 'preact/hooks';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import { downloadFile } from '../../lib/browser/download';
import { t } from '../../lib/i18n/catalogue';
import { MenuButton } from '../shared/menu-button';
import { downloadCsv } from './block-menu';
import { fileBaseOf } from './file-base';

/** The whole panel's exports: every block as CSV (as the panel words it), or the service's raw JSON answer. */
export function PanelMenu({ linkId, data, panel }: { linkId: string; data: unknown; panel: PanelBlocks }) {
  const [failed, setFailed] = useState(false);
  const base = fileBaseOf(linkId);
  return (
    <>
      <MenuButton
        label={t('sidepanelPanelMenu')}
        icon={Ellipsis}
        items={[
          {
            key: 'csv',
            label: t('sidepanelExportCsv'),
            icon: Download,
            onSelect: () => {
              setFailed(false);
              downloadCsv(base, panel.results).catch((error: unknown) => {
                console.error('CSV export failed', error);
                setFailed(true);
              });
            },
          },
          {
            key: 'json',
            label: t('sidepanelExportJson'),
            icon: FileJson,
            onSelect: () => downloadFile(document, `${base}.json`, 'application/json', `${JSON.stringify(data, null, 2)}\n`),
          },
        ]}
      />
      {failed && <p role="alert" class="error">{t('sidepanelExportFailed')}</p>}
    </>
  );
}
