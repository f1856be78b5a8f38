import { useEffect, useState } from 'preact/hooks';
import { domainOptions } from '../../lib/domains/choices';
import { loadChoices, type Choices } from '../../lib/domains/load-choices';
import { t } from '../../lib/i18n/catalogue';
import type { Send } from '../../lib/messaging/send-message';

interface Props {
  send: Send;
  /** The service's own short domain (the host of its address), shown for the '' choice. */
  serviceHost: string | null;
  /** The host of the link shown, if any: made on the service's own domain unless it is a custom one, it names that domain as links show it. */
  linkHost: string | null;
  /** The domain the customised link is made on: '' for the service's own. Not called until the user chooses. */
  onChange: (domain: string) => void;
  /** The domain list could not be read: the default domain is used. */
  onFailed: (failed: boolean) => void;
}

/**
 * The domain part of the keyword field (components/popup/keyword-field.tsx):
 * a choice among the workspace's set-up domains when it has any, else the
 * one domain as text. The options' default is chosen to begin with; until
 * the user picks, links use the default domain.
 */
export function DomainPrefix({ send, serviceHost, linkHost, onChange, onFailed }: Props) {
  const [choices, setChoices] = useState<Choices>({ status: 'loading' });
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadChoices(send).then((c) => {
      if (!live) return;
      setChoices(c);
      onFailed(c.status === 'error');
    });
    return () => {
      live = false;
    };
  }, []);
  const custom = choices.status === 'done' ? choices.domains : [];
  const own = (linkHost !== null && !custom.includes(linkHost) ? linkHost : serviceHost) ?? '';
  if (choices.status !== 'done') return <span class="domain-text">{choices.status === 'error' ? '' : own}</span>;
  const options = domainOptions(choices.domains, choices.defaultDomain);
  const current = value ?? choices.defaultDomain;
  if (options.length === 1) return <span class="domain-text">{own}</span>;
  return (
    <select
      aria-label={t('domainsPickerLabel')}
      value={current}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        onChange(e.currentTarget.value);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.value === '' ? own || t('domainsServiceDomain') : option.missing ? t('domainsDefaultMissing', option.label) : option.label}
        </option>
      ))}
    </select>
  );
}
