import { Link2, TriangleAlert } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { CheckOutcome } from '../../lib/watch/watch-outcome';
import { watchReasonText, watchStateText } from '../../lib/watch/watch-text';
import { Button } from '@/components/shared/button';
import { PageSummary } from './page-summary';

export interface PageProblemCardProps {
  url: string;
  problem: CheckOutcome;
  title: string | null;
  iconUrl: string | null;
  onShortenAnyway: () => void;
  onOtherAddress: () => void;
}

/** The page being shortened is itself broken (the destination check found it so): said before any link is made. */
export function PageProblemCard(props: PageProblemCardProps) {
  return (
    <section class="card result page-problem" aria-labelledby="page-problem-note">
      <PageSummary url={props.url} title={props.title} iconUrl={props.iconUrl} />
      <h2 id="page-problem-note" class="page-problem-note">
        <TriangleAlert size={16} aria-hidden="true" />
        <span>{t('popupPageProblemTitle')}</span>
      </h2>
      <p class="page-problem-reason">{t('popupPageProblem', watchStateText(props.problem.state), watchReasonText(props.problem.reason))}</p>
      <p class="muted page-problem-advice">{t('popupPageProblemAdvice')}</p>
      <div class="result-actions">
        <Button variant="primary" size="large" icon={Link2} class="grow" onClick={props.onShortenAnyway}>
          {t('popupShortenAnyway')}
        </Button>
        <Button size="large" onClick={props.onOtherAddress}>
          {t('popupOtherAddress')}
        </Button>
      </div>
    </section>
  );
}
