/**
 * Settings' destination check: the switch that turns the weekly check on
 * (it says why the browser will ask to reach any site), Check now with how
 * far a run is, and "Links to check": each link that is not fine, with its
 * reason and when it was last fine.
 */
import { RefreshCw } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import { formatDateTime, formatDate } from '../../lib/i18n/format';
import type { WatchController, WatchModel } from '../../lib/options/watch-controller';
import { watchMarkText } from '../../lib/watch/watch-text';
import { Banner } from '@/components/shared/banner';
import { Button } from '@/components/shared/button';
import { Card } from '@/components/shared/card';
import { Switch } from '@/components/shared/switch';
import { NotConnected } from './not-connected';
import { OptionsSection } from './options-section';

interface Props {
  model: WatchModel;
  watch: WatchController;
  onGoToConnection: () => void;
}

const iso = (at: number) => new Date(at).toISOString();

export function WatchSection({ model, watch, onGoToConnection }: Props) {
  const { status, busy, notice } = model;
  const on = status !== null && status.enabled && status.permitted;
  return (
    <OptionsSection id="watch" heading={t('watchHeading')} intro={t('watchIntro')} busy={busy}>
      {notice === 'permission-refused' && (
        <Banner tone="warn">
          <p>{t('watchPermissionRefused')}</p>
        </Banner>
      )}
      {notice === 'failed' && (
        <Banner tone="error">
          <p>{t('errorInternal')}</p>
        </Banner>
      )}
      {status === null ? (
        <p role="status" class="muted">{t('loading')}</p>
      ) : !status.configured ? (
        <NotConnected text={t('watchNotConfigured')} onGoToConnection={onGoToConnection} />
      ) : (
        <>
          <Card class="settings-card">
            <Switch id="watchDestinations" label={t('watchEnableLabel')} hint={t('watchEnableHint')} checked={on} disabled={busy} onChange={(v) => void watch.setEnabled(v)} />
          </Card>
          {on && (
            <Card class="settings-card watch-run">
              <p role="status" class="muted">
                {status.running !== null
                  ? t('watchRunning', status.running.checked, status.running.total)
                  : status.lastFinishedAt !== null
                    ? t('watchLastFinished', formatDateTime(iso(status.lastFinishedAt)))
                    : t('watchNeverFinished')}
              </p>
              <Button icon={RefreshCw} onClick={() => void watch.checkNow()} disabled={busy || status.running !== null}>
                {t('watchCheckNow')}
              </Button>
            </Card>
          )}
          <section aria-labelledby="watch-problems-heading">
            <h3 id="watch-problems-heading">{t('watchProblemsHeading')}</h3>
            {status.problems.length === 0 ? (
              <p class="muted">{t('watchNoProblems')}</p>
            ) : (
              <ul class="watch-problems">
                {status.problems.map((p) => (
                  <li key={p.linkId} class="card">
                    {p.shortUrl !== undefined && <p class="watch-short">{p.shortUrl.replace(/^https?:\/\//, '')}</p>}
                    <p class={p.shortUrl === undefined ? 'watch-url' : 'watch-url muted'}>{p.url}</p>
                    <p class={`watch-mark ${p.state}`}>{watchMarkText(p)}</p>
                    <p class="muted">{p.lastFineAt === null ? t('watchNeverFine') : t('watchLastFine', formatDate(iso(p.lastFineAt)))}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </OptionsSection>
  );
}
