import { Wand } from 'lucide-preact';
import type { Analysis } from '../../lib/bulk/analyse';
import { fixShown } from '../../lib/bulk/fix-shown';
import type { LineProblem } from '../../lib/bulk/line-problems';
import { lineProblemText } from '../../lib/bulk/bulk-line-text';
import { t } from '../../lib/i18n/catalogue';
import { formatCount, uiLocale } from '../../lib/i18n/format';
import { urlProblemText } from '../../lib/i18n/url-problem-text';
import { Button } from '../shared/button';

interface Props {
  analysis: Analysis;
  /** "Use it" on a line; absent after the run (the text is no longer edited), when the list is only shown. */
  onUse?: (problem: LineProblem) => void;
}

interface Row {
  key: string;
  line: number;
  text: string;
  reason: string;
  problem?: LineProblem;
}

/** How many rows are drawn: the count in the heading tells the rest. */
const SHOWN = 200;

/** Every line that holds an address the batch cannot take as written, by line: why, and the fix when one is clear. */
export function ProblemLines({ analysis, onUse }: Props) {
  const rows: Row[] = [
    ...analysis.list.refused.map((r) => ({ key: `r${r.line}:${r.text}`, line: r.line, text: r.text, reason: urlProblemText(r.problem) })),
    ...analysis.lines.map((p) => ({ key: `l${p.start}`, line: p.line, text: p.raw, reason: lineProblemText(p.kind), problem: p })),
  ].sort((a, b) => a.line - b.line);
  if (rows.length === 0) return null;
  const locale = uiLocale();
  return (
    <details class="bulk-refused" open={rows.length <= 20}>
      <summary id="bulk-problems-heading">
        {t('bulkRefusedHeading')} ({formatCount(rows.length, locale)})
      </summary>
      {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
      <ul class="plain" tabIndex={0} aria-labelledby="bulk-problems-heading">
        {rows.slice(0, SHOWN).map((row) => {
          const shown = row.problem === undefined ? null : fixShown(row.problem);
          const lineNo = formatCount(row.line, locale);
          return (
            <li key={row.key} class="bulk-problem">
              <span class="muted">{t('bulkLineOf', lineNo)}</span> <span class="url mono">{row.text}</span>
              <br />
              <span class="error">{row.reason}</span>
              {shown !== null && row.problem?.fix && (
                <span class="bulk-fix">
                  <span class="mono">{t('bulkLineFix', shown.from, shown.to)}</span>
                  {onUse !== undefined && (
                    <Button
                      size="small"
                      icon={Wand}
                      aria-label={t('bulkUseFixLabel', row.problem.fix, lineNo)}
                      title={row.problem.fix}
                      onClick={() => onUse(row.problem!)}
                    >
                      {t('bulkUseFix')}
                    </Button>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
