import { TrendingDown, TrendingUp } from 'lucide-preact';
import { emptyText, formatNumber } from '../../lib/analytics-view/analytics-text';
import { formatCount } from '../../lib/i18n/format';
import { trendChange, type TrendChange } from '../../lib/analytics-view/trend-change';
import type { BlockView, Figure } from '../../lib/analytics-view/types';
import { t } from '../../lib/i18n/catalogue';
import { BotNote } from './bot-note';

interface Props {
  scoreCard: BlockView;
  trend: BlockView;
  /** Visits by bots the service left out of the total, or null when it says none (lib/analytics-view/bot-clicks.ts). */
  botClicks: number | null;
}

const figuresOf = (view: BlockView): readonly Figure[] => (view.status === 'chart' && view.spec.kind === 'figures' ? view.spec.figures : []);
const valueOf = (figures: readonly Figure[], key: Figure['key']) => figures.find((f) => f.key === key);

/** The change on the 30 days before, in words that are true of the figures sent (lib/analytics-view/trend-change.ts). */
function ChangeLine({ change }: { change: TrendChange }) {
  if (change.kind === 'none') return null;
  const up = change.kind !== 'percent' || change.percent > 0;
  return (
    <dd class={up ? 'change up' : 'change down'} data-change={change.kind}>
      {up ? <TrendingUp size={14} aria-hidden="true" /> : <TrendingDown size={14} aria-hidden="true" />}
      {change.kind === 'percent'
        ? t('sidepanelChangeOnBefore', formatNumber(change.percent, 'percent'))
        : t(change.kind === 'none-before' ? 'sidepanelNoClicksBefore' : 'sidepanelUpOnBefore')}
    </dd>
  );
}

/**
 * The headline numbers, first: all clicks, the last 30 days with their
 * change on the 30 before, and how many places they came from; under them,
 * the visits by bots the total leaves out, when the service counted some.
 * Numbers are text, so they are their own alternative.
 */
export function Overview({ scoreCard, trend, botClicks }: Props) {
  const card = figuresOf(scoreCard);
  const recent = figuresOf(trend);
  const total = valueOf(card, 'analyticsTotalClicks');
  const last30 = valueOf(recent, 'analyticsTotalClicks');
  const change = valueOf(recent, 'analyticsPercentageChange');
  const places = card.filter((f) => f.key !== 'analyticsTotalClicks');
  const clamped = (scoreCard.status === 'chart' && scoreCard.spec.clamped) || (trend.status === 'chart' && trend.spec.clamped);
  return (
    <section class="card overview" data-block="scoreCard" aria-labelledby="overview-heading">
      <h2 id="overview-heading">{t('analyticsScoreCard')}</h2>
      {scoreCard.status === 'none' && <p class="muted" data-empty={scoreCard.reason}>{emptyText(scoreCard.reason, t('analyticsScoreCard'))}</p>}
      <dl class="figures">
        {total !== undefined && (
          <div class="figure big" data-figure="analyticsTotalClicks">
            <dt>{t('analyticsTotalClicks')}</dt>
            <dd>{formatCount(total.value)}</dd>
          </div>
        )}
        {last30 !== undefined && (
          <div class="figure big" data-block="clickTrends" data-figure="analyticsLast30Days">
            <dt>{t('sidepanelLast30Days')}</dt>
            <dd>{formatCount(last30.value)}</dd>
            {change !== undefined && <ChangeLine change={trendChange(last30.value, change.value, total?.value ?? null)} />}
          </div>
        )}
        {places.map((figure) => (
          <div key={figure.key} class="figure" data-figure={figure.key}>
            <dt>{t(figure.key)}</dt>
            <dd>{formatNumber(figure.value, figure.unit)}</dd>
          </div>
        ))}
      </dl>
      <BotNote count={botClicks} />
      {clamped && <p class="muted">{t('sidepanelClamped')}</p>}
    </section>
  );
}
