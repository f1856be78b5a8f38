import { Link2 } from 'lucide-preact';
import { judgeDomainName } from '../../lib/contract/domain-name';
import type { ConnectProblem } from '../../lib/domains/connect-rules';
import { t } from '../../lib/i18n/catalogue';
import { connectProblemText } from '../../lib/domains/domain-text';
import { loadErrorText } from '../../lib/options/options-text';
import type { ErrorView } from '../../lib/messaging/send-message';
import { Button } from '../shared/button';
import { TextField } from '../shared/text-field';

interface Props {
  value: string;
  problem: ConnectProblem | 'taken' | null;
  /** The service's own host, named when it is the domain typed or cannot be reached. */
  serviceHost: string;
  error: ErrorView | null;
  busy: boolean;
  onChange: (value: string) => void;
  onConnect: () => void;
}

/** The name of a domain to connect; its problem, when it has one, under it. Nothing is sent until it is a valid name. */
export function DomainConnectForm({ value, problem, serviceHost, error, busy, onChange, onConnect }: Props) {
  // An international name is sent in the form the service stores (punycode): say so as it is typed.
  const verdict = judgeDomainName(value);
  const sentAs = verdict.ok && verdict.domain !== value.trim().toLowerCase().replace(/\.$/, '') ? verdict.domain : null;
  const errorText = error === null ? null : loadErrorText(error, serviceHost);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onConnect();
      }}
    >
      <TextField
        id="domain-input"
        label={t('domainsConnectLabel')}
        value={value}
        autoComplete="off"
        spellcheck={false}
        hint={sentAs !== null ? t('domainsConnectAs', sentAs) : t('domainsConnectHint')}
        error={problem === null ? null : connectProblemText(problem, serviceHost)}
        onInput={(e) => onChange(e.currentTarget.value)}
        suffix={
          <Button type="submit" variant="primary" icon={Link2} disabled={busy} class="field-button">
            {busy ? t('domainsConnecting') : t('domainsConnect')}
          </Button>
        }
      />
      {errorText && (
        <p role="alert" class="error">
          {t('domainsConnectFailed', errorText.what, errorText.todo)}
        </p>
      )}
    </form>
  );
}
