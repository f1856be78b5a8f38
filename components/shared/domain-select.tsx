import type { DomainOption } from '../../lib/domains/choices';
import { t } from '../../lib/i18n/catalogue';

interface Props {
  id: string;
  options: DomainOption[];
  value: string;
  disabled: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}

/** A <select> of domains: the service's own, the set-up ones, and a current choice that is not set up, marked so. */
export function DomainSelect({ id, options, value, disabled, describedBy, onChange }: Props) {
  return (
    <select id={id} value={value} disabled={disabled} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.value === '' ? t('domainsServiceDomain') : option.missing ? t('domainsDefaultMissing', option.label) : option.label}
        </option>
      ))}
    </select>
  );
}
