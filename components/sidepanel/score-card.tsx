import { formatNumber, labelText } from '../../lib/i18n/analytics-text';
import type { FiguresSpec } from '../../lib/analytics-view/types';
import { t } from '../../lib/i18n/catalogue';

/** Headline numbers (the score card, the click trend): already text, so they are their own alternative. */
export function ScoreCard({ spec, blockId }: { spec: FiguresSpec; blockId: string }) {
  return (
    <section class="block" data-block={blockId}>
      <h2>{labelText(spec.title)}</h2>
      <dl class="figures">
        {spec.figures.map((figure) => (
          <div key={figure.key} data-figure={figure.key}>
            <dt>{t(figure.key)}</dt>
            <dd>{formatNumber(figure.value, figure.unit)}</dd>
          </div>
        ))}
      </dl>
      {spec.clamped && <p class="muted">{t('sidepanelClamped')}</p>}
    </section>
  );
}
