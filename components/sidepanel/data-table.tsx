import { formatNumber, labelText } from '../../lib/analytics-view/analytics-text';
import type { TextTable } from '../../lib/analytics-view/types';
import { t } from '../../lib/i18n/catalogue';

/** A chart's text alternative: the same figures as a table. Names are rendered as text only. */
export function DataTable({ id, caption, table }: { id: string; caption: string; table: TextTable }) {
  const withMembers = table.rows.some((row) => row.members !== undefined);
  return (
    <table id={id} class="data">
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('sidepanelTableName')}</th>
          {table.head.map((label, i) => (
            <th scope="col" key={i}>
              {labelText(label)}
            </th>
          ))}
          {withMembers && <th scope="col">{t('sidepanelTableMembers')}</th>}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, i) => (
          <tr key={i}>
            <th scope="row">{labelText(row.label)}</th>
            {row.values.map((value, j) => (
              <td key={j} class="num">
                {formatNumber(value, row.unit)}
              </td>
            ))}
            {withMembers && (
              <td>
                {[
                  ...(row.members ?? []).map(labelText),
                  ...(row.moreMembers ? [t('sidepanelMore', formatNumber(row.moreMembers, 'count'))] : []),
                ].join(', ')}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
