import type { Analysis } from '../../lib/bulk/analyse';
import { bulkListSummary, bulkStatusText } from '../../lib/i18n/bulk-text';
import { t } from '../../lib/i18n/catalogue';
import { formatCount, uiLocale } from '../../lib/i18n/format';
import { urlProblemText } from '../../lib/i18n/url-problem-text';
import type { ListEntry } from '../../lib/bulk/prepare-list';
import { MAX_BATCH_URLS } from '../../lib/batch/limits';
import { Banner } from '../shared/banner';
import { RowTable } from './row-table';

interface Props {
  analysis: Analysis;
  known: Readonly<Record<string, string>>;
  titles: Readonly<Record<string, string>>;
  fresh: boolean;
}

/** The list before anything is sent: what will be shortened, what is already, what cannot be and why. */
export function ListPreview({ analysis, known, titles, fresh }: Props) {
  const { list } = analysis;
  const knownCount = list.valid.filter((e) => known[e.url] !== undefined).length;
  // Asked of the browser once per drawing, not once per row (each is a call into the extension API).
  const [readyWord, knownWord, locale] = [bulkStatusText('ready'), bulkStatusText('known'), uiLocale()];
  const cells = (entry: ListEntry) => {
    const link = known[entry.url];
    return [
      formatCount(entry.line, locale),
      <span class="url" title={entry.url}>
        {titles[entry.url] ?? entry.url}
      </span>,
      link === undefined || fresh ? (
        readyWord
      ) : (
        <span>
          {knownWord}: <span class="url mono">{link}</span>
        </span>
      ),
    ];
  };
  return (
    <section aria-labelledby="bulk-list-heading" class="bulk-list">
      <h2 id="bulk-list-heading">{t('bulkListHeading')}</h2>
      <p id="bulk-summary" role="status">
        {bulkListSummary({ valid: list.valid.length, duplicates: list.duplicates, refused: list.refused.reduce((n, r) => n + r.count, 0), known: knownCount })}
      </p>
      {list.tooMany && <Banner tone="error">{t('bulkTooMany', formatCount(list.valid.length), formatCount(MAX_BATCH_URLS))}</Banner>}
      {list.refused.length > 0 && (
        <details class="bulk-refused" open={list.refused.length <= 20}>
          <summary>
            {t('bulkRefusedHeading')} ({formatCount(list.refused.length)})
          </summary>
          {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
          <ul class="plain" tabIndex={0} aria-label={t('bulkRefusedHeading')}>
            {list.refused.slice(0, 200).map((r) => (
              <li key={`${r.line}:${r.text}`} data-problem={r.problem}>
                <span class="muted">{t('bulkLineOf', formatCount(r.line))}</span> <span class="url mono">{r.text}</span>
                <br />
                <span class="error">{urlProblemText(r.problem)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {!list.tooMany && list.valid.length > 0 && (
        <RowTable
          label={t('bulkListHeading')}
          head={[t('bulkColLine'), t('bulkColDestination'), t('bulkColStatus')]}
          rows={list.valid}
          cells={cells}
          version={fresh ? null : known}
          class="bulk-preview"
        />
      )}
    </section>
  );
}
