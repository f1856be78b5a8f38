import { useState } from 'preact/hooks';
import { toUnicodeHost } from '../../lib/domains/punycode';
import { apexOf } from '../../lib/contract/domain-name';
import { t } from '../../lib/i18n/catalogue';

interface DnsRecord {
  recordType: string;
  hostname: string;
  pointsTo: string;
}

interface Props {
  /** As the service stores it (ASCII). */
  domain: string;
  records: DnsRecord[];
  /** Writes text to the clipboard; false when the browser refused. */
  copy: (text: string) => Promise<boolean>;
  /** Words on what to do at the registrar (shown after connecting). */
  explain: boolean;
}

/** The DNS records a domain needs, each name and value with a Copy button, and what to do with them. */
export function DnsRecordsTable({ domain, records, copy, explain }: Props) {
  const [copied, setCopied] = useState<{ text: string; ok: boolean } | null>(null);
  const onCopy = (text: string) => {
    copy(text).then(
      (ok) => setCopied({ text, ok }),
      () => setCopied({ text, ok: false }),
    );
  };
  return (
    <div>
      {explain && (
        <>
          <p>{t('domainsRecordsWhere', toUnicodeHost(domain))}</p>
          <p>{t('domainsRecordsWhy', apexOf(domain))}</p>
          <p>{t('domainsRecordsWhen')}</p>
        </>
      )}
      <table class="data dns-records">
        <caption class="visually-hidden">{t('domainsRecordsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('domainsRecordType')}</th>
            <th scope="col">{t('domainsRecordName')}</th>
            <th scope="col">{t('domainsRecordValue')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={`${record.recordType} ${record.hostname}`}>
              <td>{record.recordType}</td>
              <td>
                <code>{record.hostname}</code>{' '}
                <button type="button" class="small" aria-label={t('domainsCopyName', record.recordType)} onClick={() => onCopy(record.hostname)}>
                  {t('domainsCopy')}
                </button>
              </td>
              <td>
                <code>{record.pointsTo}</code>{' '}
                <button type="button" class="small" aria-label={t('domainsCopyValue', record.recordType)} onClick={() => onCopy(record.pointsTo)}>
                  {t('domainsCopy')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p role="status" class={copied?.ok === false ? 'warn' : 'ok'}>
        {copied === null ? '' : copied.ok ? t('domainsCopied', copied.text) : t('domainsCopyFailed')}
      </p>
    </div>
  );
}
