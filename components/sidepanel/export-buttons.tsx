import { useState } from 'preact/hooks';
import { csvWords } from '../../lib/i18n/analytics-text';
import { readAnalytics } from '../../lib/analytics-view/read-analytics';
import { downloadFile } from '../../lib/browser/download';
import { t } from '../../lib/i18n/catalogue';

/** File names keep to safe characters whatever the link id holds. */
const fileBase = (linkId: string) => t('sidepanelExportName', linkId.replace(/[^A-Za-z0-9_-]/g, '_'));

/** The CSV writer is fetched on the click: nothing before the first chart needs it. */
async function downloadCsv(linkId: string, data: unknown): Promise<void> {
  const { analyticsCsv } = await import('../../lib/analytics-view/export-csv');
  downloadFile(document, `${fileBase(linkId)}.csv`, 'text/csv', analyticsCsv(readAnalytics(data), csvWords()));
}

/** The shown analytics as a CSV (the text tables, one section per block) or as the raw JSON answer. */
export function ExportButtons({ linkId, data }: { linkId: string; data: unknown }) {
  const [failed, setFailed] = useState(false);
  const exportCsv = () => {
    setFailed(false);
    downloadCsv(linkId, data).catch((error: unknown) => {
      console.error('CSV export failed', error);
      setFailed(true);
    });
  };
  return (
    <div class="row">
      <button type="button" onClick={exportCsv}>
        {t('sidepanelExportCsv')}
      </button>
      <button
        type="button"
        onClick={() => downloadFile(document, `${fileBase(linkId)}.json`, 'application/json', `${JSON.stringify(data, null, 2)}\n`)}
      >
        {t('sidepanelExportJson')}
      </button>
      {failed && <p role="alert" class="error">{t('sidepanelExportFailed')}</p>}
    </div>
  );
}
