import { Clock, Settings } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { Send } from '../../lib/messaging/send-message';
import { sameAddress, withoutScheme } from '../../lib/popup/address-text';
import { RESULT_COPY, type CopyFlash, type PopupView } from '../../lib/popup/popup-view';
import { Button } from '../shared/button';
import { EmptyState } from '../shared/empty-state';
import { Skeleton } from '../shared/skeleton';
import { ElsewhereCard } from './elsewhere-card';
import { LazyCustomise, LazyPageProblem, LazyUrlForm } from './lazy-parts';
import { PageSummary } from './page-summary';
import { ResultView, type ResultActions } from './result-view';
import type { PageInfo } from '@/lib/popup/where-am-i';

interface Props extends ResultActions {
  view: PopupView;
  send: Send;
  copied: CopyFlash | null;
  page: PageInfo | null;
  /** Pages' titles the service found, by link id (the recent list's). */
  titles: Readonly<Record<string, string>>;
  iconUrl: (pageUrl: string) => string | null;
  serviceHost: string | null;
  onShorten: (url: string) => void;
  /** "Make one here", when another profile has a link to the page. */
  onMakeHere: () => void;
  onOpenSettings: () => void;
  /** The result is shown and copied: the parts that can wait may load now. */
  afterCopy: boolean;
}

/** What the popup shows for each of its views; what went wrong, or waits, is said by the banner above. */
export function PopupBody(props: Props) {
  const { view } = props;
  const titleOf = (url: string) => (props.page !== null && sameAddress(props.page.url, url) ? props.page.title : null);
  switch (view.kind) {
    case 'loading':
    case 'working':
      return (
        <div class="card result" aria-busy="true">
          <p role="status" class={view.kind === 'loading' ? 'visually-hidden' : 'working'}>
            {view.kind === 'loading' ? t('loading') : t('shortening')}
            {view.kind === 'working' && <span class="muted truncate"> {withoutScheme(view.url)}</span>}
          </p>
          <Skeleton width="70%" height="14px" />
          <Skeleton width="90%" height="24px" />
          <Skeleton height="40px" />
        </div>
      );
    case 'not-configured':
      return (
        <EmptyState title={t('notConfigured')} level={2}>
          <Button variant="primary" icon={Settings} onClick={props.onOpenSettings}>
            {t('openSettings')}
          </Button>
        </EmptyState>
      );
    case 'ask-url':
      return <LazyUrlForm.View key={`${view.url}:${view.reason ?? ''}`} initialUrl={view.url} reason={view.reason} onSubmit={props.onShorten} />;
    case 'done':
      return (
        <ResultView
          {...props}
          link={view.link}
          fromCache={view.fromCache}
          extra={view.extra}
          custom={view.custom}
          title={titleOf(view.link.longUrl) ?? props.titles[view.link.linkId] ?? null}
          iconUrl={props.iconUrl(view.link.longUrl)}
        />
      );
    case 'elsewhere':
      return (
        <ElsewhereCard
          url={view.url}
          profile={view.profile}
          link={view.link}
          title={titleOf(view.url)}
          iconUrl={props.iconUrl(view.url)}
          copied={props.copied?.key === RESULT_COPY ? props.copied.state : null}
          onCopy={props.onCopy}
          onMakeHere={props.onMakeHere}
        />
      );
    case 'page-problem':
      return (
        <LazyPageProblem.View
          url={view.url}
          problem={view.problem}
          title={titleOf(view.url)}
          iconUrl={props.iconUrl(view.url)}
          onShortenAnyway={props.onMakeHere}
          onOtherAddress={props.onAskUrl}
        />
      );
    case 'customise':
      return (
        <section id="customise-panel" class="card customise-card" aria-labelledby="customise-heading">
          <h2 id="customise-heading" class="visually-hidden">
            {t('customise')}
          </h2>
          <PageSummary url={view.url} title={titleOf(view.url)} iconUrl={props.iconUrl(view.url)} />
          <LazyCustomise.View
            send={props.send}
            url={view.url}
            link={null}
            custom={view.custom}
            extra={undefined}
            serviceHost={props.serviceHost}
            onCustomise={props.onCustomise}
          />
        </section>
      );
    case 'queued':
      // Which page waits, with its title and icon, marked as waiting: the banner above says what happens to it.
      return (
        <div class="card result queued">
          <PageSummary url={view.url} title={titleOf(view.url)} iconUrl={props.iconUrl(view.url)} />
          <p class="queued-state">
            <span class="pill warn">
              <Clock size={12} aria-hidden="true" />
              {t('popupWaiting')}
            </span>
          </p>
        </div>
      );
    case 'error':
      return null;
  }
}
