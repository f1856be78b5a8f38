import { Download, Ellipsis, Table } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { csvWords } from '../../lib/analytics-view/analytics-text';
import type { BlockResult } from '../../lib/analytics-view/read-analytics';
import { downloadFile } from '../../lib/browser/download';
import { t } from '../../lib/i18n/catalogue';
import { MenuButton } from '../shared/menu-button';

interface Props {
  /** The block's title, naming the menu ("Options for Countries"). */
  title: string;
  results: readonly BlockResult[];
  /** The file name without its extension. */
  fileName: string;
  tableOpen: boolean;
  onToggleTable: () => void;
}

/** The CSV writer is fetched on the click: nothing before the first chart needs it. */
export async function downloadCsv(fileName: string, results: readonly BlockResult[]): Promise<void> {
  const { analyticsCsv } = await import('../../lib/analytics-view/export-csv');
  downloadFile(document, `${fileName}.csv`, 'text/csv', analyticsCsv(results, csvWords()));
}

/** One chart's secondary actions, out of the way until asked for: its data table, and its figures as CSV. */
export function BlockMenu({ title, results, fileName, tableOpen, onToggleTable }: Props) {
  const [failed, setFailed] = useState(false);
  if (!results.some((r) => r.view.status === 'chart')) return null;
  return (
    <>
      <MenuButton
        label={t('sidepanelBlockMenu', title)}
        icon={Ellipsis}
        size="small"
        items={[
          { key: 'table', label: tableOpen ? t('sidepanelHideTable') : t('sidepanelShowTable'), icon: Table, onSelect: onToggleTable },
          {
            key: 'csv',
            label: t('sidepanelDownloadCsv'),
            icon: Download,
            onSelect: () => {
              setFailed(false);
              downloadCsv(fileName, results).catch((error: unknown) => {
                console.error('CSV export failed', error);
                setFailed(true);
              });
            },
          },
        ]}
      />
      {failed && <p role="alert" class="error">{t('sidepanelExportFailed')}</p>}
    </>
  );
}
