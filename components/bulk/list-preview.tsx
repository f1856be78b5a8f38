import { useMemo } from 'preact/hooks';
import type { Analysis } from '../../lib/bulk/analyse';
import type { LineProblem } from '../../lib/bulk/line-problems';
import { newAndReused } from '../../lib/bulk/new-and-reused';
import { bulkListSummary, bulkStatusText } from '../../lib/bulk/bulk-text';
import { t } from '../../lib/i18n/catalogue';
import { formatCount, uiLocale } from '../../lib/i18n/format';
import type { ListEntry } from '../../lib/text-links/prepare-list';
import type { KnownElsewhere } from '../../lib/bulk/known-lookup';
import { MAX_BATCH_URLS } from '../../lib/batch/limits';
import { Banner } from '../shared/banner';
import { ProblemLines } from './problem-lines';
import { RowTable } from './row-table';

interface Props {
  analysis: Analysis;
  known: Readonly<Record<string, string>>;
  /** URLs with no link here but one in another profile: marked on their line, still made here. */
  elsewhere: Readonly<Record<string, KnownElsewhere>>;
  /** What cleaning or a site rule sends instead of a URL. */
  cleaned: Readonly<Record<string, string>>;
  titles: Readonly<Record<string, string>>;
  fresh: boolean;
  /** "Already shortened" is still being looked up: the counts may move from new to reused. */
  checking: boolean;
  onUse: (problem: LineProblem) => void;
}

/** The list before anything is sent: what will be shortened, what is already, what cannot be and why (with fixes). */
export function ListPreview({ analysis, known, elsewhere, cleaned, titles, fresh, checking, onUse }: Props) {
  const { list } = analysis;
  const counts = newAndReused(list, known, fresh);
  // Rows redraw when what their status cell reads changes (one object each: the answers come together).
  const version = useMemo(() => (fresh ? [cleaned] : [known, elsewhere]), [fresh, cleaned, known, elsewhere]);
  // Asked of the browser once per drawing, not once per row (each is a call into the extension API).
  const [readyWord, knownWord, cleanedWord, locale] = [bulkStatusText('ready'), bulkStatusText('known'), t('bulkRowCleaned'), uiLocale()];
  const cells = (entry: ListEntry) => {
    const link = known[entry.url];
    const there = elsewhere[entry.url];
    const sent = cleaned[entry.url];
    return [
      formatCount(entry.line, locale),
      <span class="url" title={sent ?? entry.url}>
        {titles[entry.url] ?? sent ?? entry.url}
        {sent !== undefined && <span class="muted bulk-cleaned">{cleanedWord}</span>}
      </span>,
      link === undefined || fresh ? (
        there === undefined ? (
          readyWord
        ) : (
          <span>
            {readyWord}
            <span class="muted bulk-elsewhere">
              {t('popupElsewhere', there.profile)}: <span class="url mono">{there.shortUrl}</span>
            </span>
          </span>
        )
      ) : (
        <span>
          {knownWord}: <span class="url mono">{link}</span>
        </span>
      ),
    ];
  };
  const refused = list.refused.reduce((n, r) => n + r.count, 0) + analysis.lines.length;
  return (
    <section aria-labelledby="bulk-list-heading" class="bulk-list">
      <h2 id="bulk-list-heading">{t('bulkListHeading')}</h2>
      <p id="bulk-summary" role="status" aria-busy={checking && !fresh}>
        {bulkListSummary({ valid: counts.fresh, duplicates: list.duplicates, refused, known: counts.reused })}
      </p>
      {list.tooMany && <Banner tone="error">{t('bulkTooMany', formatCount(list.valid.length), formatCount(MAX_BATCH_URLS))}</Banner>}
      <ProblemLines analysis={analysis} onUse={onUse} />
      {!list.tooMany && list.valid.length > 0 && (
        <RowTable
          label={t('bulkListHeading')}
          head={[t('bulkColLine'), t('bulkColDestination'), t('bulkColStatus')]}
          rows={list.valid}
          cells={cells}
          version={version}
          class="bulk-preview"
        />
      )}
    </section>
  );
}
