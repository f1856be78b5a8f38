import { t } from '../../lib/i18n/catalogue';

/** The panel's export name; file names keep to safe characters whatever the link id holds. */
export const fileBaseOf = (linkId: string) => t('sidepanelExportName', linkId.replace(/[^A-Za-z0-9_-]/g, '_'));
