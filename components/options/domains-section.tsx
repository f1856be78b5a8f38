import { Globe } from 'lucide-preact';
import type { createDomainsController, DomainsModel } from '../../lib/domains/controller';
import { toUnicodeHost } from '../../lib/domains/punycode';
import { t } from '../../lib/i18n/catalogue';
import { domainsCountText, domainsPageText } from '../../lib/domains/domain-text';
import { Button } from '../shared/button';
import { Card } from '../shared/card';
import { EmptyState } from '../shared/empty-state';
import { Skeleton } from '../shared/skeleton';
import { DnsRecordsTable } from './dns-records-table';
import { DomainConnectForm } from './domain-connect-form';
import { DomainRow } from './domain-row';
import { LoadError } from './load-error';

interface Props {
  model: DomainsModel;
  domains: ReturnType<typeof createDomainsController>;
  /** The service's host: named when it cannot be reached, and refused as a custom domain. */
  serviceHost: string;
  copy: (text: string) => Promise<boolean>;
  onGoToConnection: () => void;
}

/**
 * Options' custom domains: the form that connects one, the records to
 * publish for the one just connected, then the workspace's domains, paged.
 * A list that could not be read is never shown as an empty one.
 */
export function DomainsSection({ model, domains, serviceHost, copy, onGoToConnection }: Props) {
  const connected = model.connected;
  return (
    <div class="domains">
      <Card class="form-card">
        <h3>{t('domainsConnectHeading')}</h3>
        <DomainConnectForm
          value={model.input}
          problem={model.inputProblem}
          serviceHost={serviceHost}
          error={model.connectError}
          busy={model.connecting}
          onChange={domains.edit}
          onConnect={() => void domains.connect()}
        />
      </Card>
      {connected && (
        <section class="card records" aria-labelledby="records-heading">
          <h3 id="records-heading">{t('domainsRecordsHeading', toUnicodeHost(connected.domain))}</h3>
          <DnsRecordsTable domain={connected.domain} records={connected.records} copy={copy} explain />
          {model.checked?.id === connected.id && model.checked.outcome !== 'gone' && (
            <p role="status" class={model.checked.outcome === 'ready' ? 'ok' : 'warn'}>
              {model.checked.outcome === 'ready' ? t('domainsCheckedReady', toUnicodeHost(connected.domain)) : t('domainsCheckedNotYet', toUnicodeHost(connected.domain))}
            </p>
          )}
          <div class="row">
            <Button variant="primary" onClick={() => void domains.check(connected.id)}>{t('domainsCheckAgain')}</Button>
            <Button onClick={domains.dismissConnected}>{t('domainsRecordsDone')}</Button>
          </div>
        </section>
      )}
      {model.listError && (
        <LoadError what={t('domainsListFailed')} error={model.listError} host={serviceHost} onRetry={() => void domains.reload()} onGoToConnection={onGoToConnection} />
      )}
      {model.checked?.outcome === 'gone' && <p role="status" class="warn">{t('domainsCheckedGone')}</p>}
      {model.listState === 'loading' && (
        <div class="stack" role="status">
          <span class="visually-hidden">{t('domainsPickerLoading')}</span>
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </div>
      )}
      {model.listState === 'ready' && model.list.length === 0 && (
        <EmptyState icon={Globe} title={t('domainsEmpty')}>
          <p>{t('domainsEmptyHint')}</p>
        </EmptyState>
      )}
      {model.listState === 'ready' && model.list.length > 0 && (
        <>
          <h3 class="list-heading">{domainsCountText(model.totalCount)}</h3>
          <ul class="plain domain-list">
            {model.list.map((domain) => (
              <DomainRow
                key={domain.id}
                domain={domain}
                busy={model.busyId === domain.id}
                checking={model.busyId === domain.id && model.busyAction === 'check'}
                error={model.rowError?.id === domain.id ? model.rowError.error : null}
                checked={model.checked?.id === domain.id && model.checked.outcome !== 'gone' ? model.checked.outcome : null}
                serviceHost={serviceHost}
                copy={copy}
                onCheck={() => void domains.check(domain.id)}
                onHttps={(on) => void domains.setHttps(domain.id, on)}
                onDelete={() => void domains.remove(domain.id)}
              />
            ))}
          </ul>
          {model.totalPages > 1 && (
            <nav class="row pager" aria-label={t('domainsPages')}>
              <Button disabled={model.previous.length === 0} onClick={() => void domains.previous()}>{t('domainsPrevious')}</Button>
              <span class="muted">{domainsPageText(model.pageNumber, model.totalPages)}</span>
              <Button disabled={model.nextCursor === null} onClick={() => void domains.next()}>{t('domainsNext')}</Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
