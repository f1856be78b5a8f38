import { Check, Circle, RefreshCw, Trash2 } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { toUnicodeHost } from '../../lib/domains/punycode';
import { routingRecordFor } from '../../lib/domains/routing-record';
import { checklistOf, registrarLink, stageOf, type DomainView } from '../../lib/domains/view';
import { t } from '../../lib/i18n/catalogue';
import { checklistText, stageText } from '../../lib/domains/domain-text';
import { loadErrorText } from '../../lib/options/options-text';
import type { ErrorView } from '../../lib/messaging/send-message';
import { Button } from '../shared/button';
import { ConfirmGroup } from '../shared/confirm-group';
import { Switch } from '../shared/switch';
import { DnsRecordsTable } from './dns-records-table';

interface Props {
  domain: DomainView;
  busy: boolean;
  checking: boolean;
  error: ErrorView | null;
  checked: 'not-yet' | 'ready' | null;
  /** The service's host: named when it cannot be reached. */
  serviceHost: string;
  copy: (text: string) => Promise<boolean>;
  onCheck: () => void;
  onHttps: (on: boolean) => void;
  onDelete: () => void;
}

/** One domain: its name and whether it is ready, the set-up steps, its DNS record (to publish, or published), HTTPS, Check again and Delete (confirmed). */
export function DomainRow({ domain, busy, checking, error, checked, serviceHost, copy, onCheck, onHttps, onDelete }: Props) {
  const [confirming, setConfirming] = useState(false);
  const name = toUnicodeHost(domain.domain);
  const stage = stageOf(domain);
  const registrar = registrarLink(domain);
  // Worded for someone already in settings: the service by its host, the fix under Connection.
  const errorText = error === null ? null : loadErrorText(error, serviceHost);
  return (
    <li class="domain-row card" data-domain={domain.domain}>
      <div class="row spread">
        <h3 class="url">
          {name}
          {name !== domain.domain && <span class="muted"> ({domain.domain})</span>}
        </h3>
        <span class={stage === 'ready' ? 'pill ok' : 'pill warn'}>{stage === 'ready' ? t('domainsReady') : t('domainsNotReady')}</span>
      </div>
      <ul class="checklist" aria-label={t('domainsChecklist', name)}>
        {checklistOf(domain).map(({ step, done }) => (
          <li key={step} class={done ? 'done' : 'todo'}>
            {done ? <Check size={16} aria-hidden="true" /> : <Circle size={16} aria-hidden="true" />}
            {checklistText(step, done)}
          </li>
        ))}
      </ul>
      {/* The record stays findable once the domain is ready: a user who comes back to check or move it finds it here. */}
      <details>
        <summary>{stage === 'ready' ? t('domainsRecordPublished', name) : t('domainsRecordToPublish')}</summary>
        {stage !== 'ready' && <p>{stageText(stage)}</p>}
        <DnsRecordsTable domain={domain.domain} records={[routingRecordFor(domain.domain, domain.isSubDomain, serviceHost), domain.record]} copy={copy} explain={false} />
      </details>
      {/* Only what the service knows: a line that says "not known" tells the user nothing. */}
      {domain.nameservers.length > 0 && <p class="muted">{t('domainsNameservers', domain.nameservers.join(', '))}</p>}
      {domain.registrarName !== '' && (
        <p class="muted">
          {registrar === null ? (
            t('domainsRegistrar', domain.registrarName)
          ) : (
            <a href={registrar} target="_blank" rel="noreferrer">
              {t('domainsRegistrar', domain.registrarName)}
            </a>
          )}
        </p>
      )}
      <Switch id={`https-${domain.id}`} label={t('domainsHttps')} checked={domain.httpToHttps} disabled={busy} onChange={onHttps} />
      {checked !== null && (
        <p role="status" class={checked === 'ready' ? 'ok' : 'warn'}>
          {checked === 'ready' ? t('domainsCheckedReady', name) : t('domainsCheckedNotYet', name)}
        </p>
      )}
      {errorText && (
        <p role="alert" class="error">
          {t('domainsRowFailed', errorText.what, errorText.todo)}
        </p>
      )}
      {confirming ? (
        <ConfirmGroup
          yes={t('domainsDeleteYes')}
          no={t('domainsDeleteNo')}
          onYes={() => {
            setConfirming(false);
            onDelete();
          }}
          onNo={() => setConfirming(false)}
        >
          {t('domainsDeleteConfirm', name)}
        </ConfirmGroup>
      ) : (
        <div class="row">
          <Button size="small" icon={RefreshCw} disabled={busy} onClick={onCheck} aria-label={t('domainsCheckAgainFor', name)}>
            {checking ? t('domainsChecking') : t('domainsCheckAgain')}
          </Button>
          <Button size="small" variant="ghost" class="danger-text" icon={Trash2} disabled={busy} onClick={() => setConfirming(true)} aria-label={t('domainsDeleteFor', name)}>
            {t('domainsDelete')}
          </Button>
        </div>
      )}
    </li>
  );
}
