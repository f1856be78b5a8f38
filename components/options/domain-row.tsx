import { useState } from 'preact/hooks';
import { describeError } from '../../lib/i18n/describe-error';
import { checklistOf, registrarLink, stageOf, type DomainView } from '../../lib/domains/view';
import { checklistText, stageText } from '../../lib/i18n/domain-text';
import { toUnicodeHost } from '../../lib/domains/punycode';
import { t } from '../../lib/i18n/catalogue';
import type { ErrorView } from '../../lib/messaging/send-message';
import { DnsRecordsTable } from './dns-records-table';

interface Props {
  domain: DomainView;
  busy: boolean;
  checking: boolean;
  error: ErrorView | null;
  checked: 'not-yet' | 'ready' | null;
  copy: (text: string) => Promise<boolean>;
  onCheck: () => void;
  onHttps: (on: boolean) => void;
  onDelete: () => void;
}

/** One domain: its name, set-up checklist, DNS details, HTTPS toggle, Check again and Delete (confirmed). */
export function DomainRow({ domain, busy, checking, error, checked, copy, onCheck, onHttps, onDelete }: Props) {
  const [confirming, setConfirming] = useState(false);
  const name = toUnicodeHost(domain.domain);
  const stage = stageOf(domain);
  const registrar = registrarLink(domain);
  const errorText = error === null ? null : describeError(error);
  const httpsId = `https-${domain.id}`;
  return (
    <li class="domain-row" data-domain={domain.domain}>
      <h3 class="url">
        {name}
        {name !== domain.domain && <span class="muted"> ({domain.domain})</span>}
      </h3>
      <ul class="checklist" aria-label={t('domainsChecklist', name)}>
        {checklistOf(domain).map(({ step, done }) => (
          <li key={step} class={done ? 'done' : 'todo'}>
            {checklistText(step, done)}
          </li>
        ))}
      </ul>
      <p class="muted">
        {domain.nameservers.length > 0 ? t('domainsNameservers', domain.nameservers.join(', ')) : t('domainsNameserversUnknown')}
      </p>
      <p class="muted">
        {domain.registrarName === '' ? (
          t('domainsRegistrarUnknown')
        ) : registrar === null ? (
          t('domainsRegistrar', domain.registrarName)
        ) : (
          <a href={registrar} target="_blank" rel="noreferrer">{t('domainsRegistrar', domain.registrarName)}</a>
        )}
      </p>
      {stage !== 'ready' && (
        <details>
          <summary>{t('domainsRecordToPublish')}</summary>
          <p>{stageText(stage)}</p>
          <DnsRecordsTable domain={domain.domain} records={[domain.record]} copy={copy} explain={false} />
        </details>
      )}
      <label class="check" for={httpsId}>
        <input id={httpsId} type="checkbox" checked={domain.httpToHttps} disabled={busy} onChange={(e) => onHttps(e.currentTarget.checked)} />
        {t('domainsHttps')}
      </label>
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
        <div class="row" role="group" aria-label={t('domainsDeleteConfirm', name)}>
          <span>{t('domainsDeleteConfirm', name)}</span>
          <button type="button" onClick={() => { setConfirming(false); onDelete(); }}>
            {t('domainsDeleteYes')}
          </button>
          <button type="button" autoFocus onClick={() => setConfirming(false)}>{t('domainsDeleteNo')}</button>
        </div>
      ) : (
        <div class="row">
          <button type="button" disabled={busy} onClick={onCheck} aria-label={t('domainsCheckAgainFor', name)}>
            {checking ? t('domainsChecking') : t('domainsCheckAgain')}
          </button>
          <button type="button" disabled={busy} onClick={() => setConfirming(true)} aria-label={t('domainsDeleteFor', name)}>
            {t('domainsDelete')}
          </button>
        </div>
      )}
    </li>
  );
}
