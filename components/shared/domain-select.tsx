import type { DomainOption } from '../../lib/domains/choices';
import { t } from '../../lib/i18n/catalogue';

interface Props {
  id: string;
  options: DomainOption[];
  value: string;
  disabled: boolean;
  describedBy?: string;
  /** The service's own domain by its name (its host), where the page knows it; otherwise it is described in words. */
  ownDomain?: string;
  onChange: (value: string) => void;
}

/** A <select> of domains: the service's own, the set-up ones, and a current choice that is not set up, marked so. */
export function DomainSelect({ id, options, value, disabled, describedBy, ownDomain, onChange }: Props) {
  return (
    <select id={id} value={value} disabled={disabled} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.value === '' ? ownDomain || t('domainsServiceDomain') : option.missing ? t('domainsDefaultMissing', option.label) : option.label}
        </option>
      ))}
    </select>
  );
}
