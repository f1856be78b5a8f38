import { useEffect, useMemo, useState } from 'preact/hooks';
import { createDomainsController, INITIAL_DOMAINS } from '../../lib/domains/controller';
import { domainsPageText } from '../../lib/i18n/domain-text';
import { toUnicodeHost } from '../../lib/domains/punycode';
import { t } from '../../lib/i18n/catalogue';
import type { Send } from '../../lib/messaging/send-message';
import { DnsRecordsTable } from './dns-records-table';
import { DomainConnectForm } from './domain-connect-form';
import { DomainRow } from './domain-row';
import { ErrorNotice } from '../shared/error-notice';

interface Props {
  send: Send;
  copy: (text: string) => Promise<boolean>;
  /** Changes when the connection is saved: the list is read again for the new workspace. */
  connectionKey: string;
  /** A domain was connected, deleted or found set up: pickers elsewhere on the page read the list again. */
  onChanged: () => void;
}

/** Options' "Custom domains": the workspace's domains, paged, and the form that connects a new one. */
export function DomainsSection({ send, copy, connectionKey, onChanged }: Props) {
  const [model, setModel] = useState(INITIAL_DOMAINS);
  const domains = useMemo(() => createDomainsController({ send, onChange: setModel, onDomainsChanged: onChanged }), []);
  useEffect(() => void domains.start(), [connectionKey]);

  if (model.listState === 'not-configured') return <p class="muted">{t('domainsNotConfigured')}</p>;
  return (
    <div>
      {model.listError && (
        <>
          <p class="error">{t('domainsListFailed')}</p>
          <ErrorNotice error={model.listError} onRetry={() => void domains.reload()} />
        </>
      )}
      {model.connected && (
        <section class="records" aria-labelledby="records-heading">
          <h3 id="records-heading">{t('domainsRecordsHeading', toUnicodeHost(model.connected.domain))}</h3>
          <DnsRecordsTable domain={model.connected.domain} records={model.connected.records} copy={copy} explain />
          {model.checked?.id === model.connected.id && model.checked.outcome !== 'gone' && (
            <p role="status" class={model.checked.outcome === 'ready' ? 'ok' : 'warn'}>
              {model.checked.outcome === 'ready'
                ? t('domainsCheckedReady', toUnicodeHost(model.connected.domain))
                : t('domainsCheckedNotYet', toUnicodeHost(model.connected.domain))}
            </p>
          )}
          <div class="row">
            <button type="button" onClick={() => void domains.check(model.connected?.id ?? '')}>{t('domainsCheckAgain')}</button>
            <button type="button" onClick={domains.dismissConnected}>{t('domainsRecordsDone')}</button>
          </div>
        </section>
      )}
      {model.listState === 'loading' ? (
        <p role="status">{t('loading')}</p>
      ) : model.list.length === 0 ? (
        <p class="muted">{t('domainsEmpty')}</p>
      ) : (
        <>
          <ul class="plain domain-list">
            {model.list.map((domain) => (
              <DomainRow
                key={domain.id}
                domain={domain}
                busy={model.busyId === domain.id}
                checking={model.busyId === domain.id && model.busyAction === 'check'}
                error={model.rowError?.id === domain.id ? model.rowError.error : null}
                checked={model.checked?.id === domain.id && model.checked.outcome !== 'gone' ? model.checked.outcome : null}
                copy={copy}
                onCheck={() => void domains.check(domain.id)}
                onHttps={(on) => void domains.setHttps(domain.id, on)}
                onDelete={() => void domains.remove(domain.id)}
              />
            ))}
          </ul>
          <div class="row">
            <button type="button" disabled={model.previous.length === 0} onClick={() => void domains.previous()}>{t('domainsPrevious')}</button>
            <span class="muted">{domainsPageText(model.pageNumber, model.totalPages, model.totalCount)}</span>
            <button type="button" disabled={model.nextCursor === null} onClick={() => void domains.next()}>{t('domainsNext')}</button>
          </div>
        </>
      )}
      {model.checked?.outcome === 'gone' && <p role="status" class="warn">{t('domainsCheckedGone')}</p>}
      <h3>{t('domainsConnectHeading')}</h3>
      <DomainConnectForm
        value={model.input}
        problem={model.inputProblem}
        error={model.connectError}
        busy={model.connecting}
        onChange={domains.edit}
        onConnect={() => void domains.connect()}
      />
    </div>
  );
}
