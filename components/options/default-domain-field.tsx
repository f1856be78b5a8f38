import { useEffect, useState } from 'preact/hooks';
import { domainOptions } from '../../lib/domains/choices';
import { loadChoices, type Choices } from '../../lib/domains/load-choices';
import { toUnicodeHost } from '../../lib/domains/punycode';
import { t } from '../../lib/i18n/catalogue';
import { loadErrorText } from '../../lib/options/options-text';
import type { Send } from '../../lib/messaging/send-message';
import { DomainSelect } from '../shared/domain-select';

interface Props {
  send: Send;
  /** '' for the service's own domain. */
  value: string;
  /** The service's host: the name its own domain is shown by, and named when it cannot be reached. */
  serviceHost: string;
  onChange: (value: string) => void;
  /** Changes when the workspace's domains may have changed (another connection; one connected or deleted): the list is read again. */
  reloadKey: string;
}

/**
 * The default domain: a picker of the workspace's set-up domains (never free
 * text, which could name a domain the service would refuse). Until the list
 * arrives, or when it cannot be read, only the current value is offered, so
 * nothing changes by accident.
 */
export function DefaultDomainField({ send, value, serviceHost, onChange, reloadKey }: Props) {
  const [choices, setChoices] = useState<Choices>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setChoices({ status: 'loading' });
    void loadChoices(send).then((c) => live && setChoices(c));
    return () => {
      live = false;
    };
  }, [reloadKey]);
  const setUp = choices.status === 'done' ? choices.domains : [];
  const error = choices.status === 'error' ? loadErrorText(choices.error, serviceHost) : null;
  return (
    <div class="field">
      <label for="default-domain">{t('defaultDomainLabel')}</label>
      <DomainSelect
        id="default-domain"
        options={domainOptions(setUp, value)}
        value={value}
        disabled={choices.status !== 'done'}
        describedBy="default-domain-hint"
        ownDomain={serviceHost === '' ? undefined : toUnicodeHost(serviceHost)}
        onChange={onChange}
      />
      <p id="default-domain-hint" class={error ? 'field-message warn' : 'field-message hint'} role={error ? 'alert' : undefined}>
        {choices.status === 'loading' ? t('domainsPickerLoading') : error ? t('domainsDefaultFailed', error.what) : t('domainsDefaultHint')}
      </p>
    </div>
  );
}
