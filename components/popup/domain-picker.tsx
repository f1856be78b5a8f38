import { useEffect, useState } from 'preact/hooks';
import { domainOptions } from '../../lib/domains/choices';
import { loadChoices, type Choices } from '../../lib/domains/load-choices';
import { t } from '../../lib/i18n/catalogue';
import type { Send } from '../../lib/messaging/send-message';
import { DomainSelect } from '../shared/domain-select';

interface Props {
  send: Send;
  /** The domain the customised link is made on: '' for the service's own. Not called until the user chooses. */
  onChange: (domain: string) => void;
}

/**
 * The popup's domain picker (customise panel): the workspace's set-up
 * domains or the service's own, the options' default preselected. Loaded on
 * demand with the customise panel (components/popup/customise-lazy.tsx), so the popup's first load carries none
 * of it. Until the user picks, links use the default domain.
 */
export function DomainPicker({ send, onChange }: Props) {
  const [choices, setChoices] = useState<Choices>({ status: 'loading' });
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadChoices(send).then((c) => live && setChoices(c));
    return () => {
      live = false;
    };
  }, []);
  if (choices.status === 'not-configured') return null;
  if (choices.status === 'loading') return <p role="status" class="muted">{t('domainsPickerLoading')}</p>;
  if (choices.status === 'error') {
    return (
      // A one-line notice fits the frame; the options page's domain list says what went wrong in full.
      <p role="alert" class="warn">
        {t('domainsPickerFailed')}
      </p>
    );
  }
  const current = value ?? choices.defaultDomain;
  return (
    <div>
      <label for="domain-picker">{t('domainsPickerLabel')}</label>
      <DomainSelect
        id="domain-picker"
        options={domainOptions(choices.domains, choices.defaultDomain)}
        value={current}
        disabled={false}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </div>
  );
}
