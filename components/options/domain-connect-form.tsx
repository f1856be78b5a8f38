import { describeError } from '../../lib/i18n/describe-error';
import type { ConnectProblem } from '../../lib/domains/connect-rules';
import { judgeDomainName } from '../../lib/contract/domain-name';
import { connectProblemText } from '../../lib/i18n/domain-text';
import { t } from '../../lib/i18n/catalogue';
import type { ErrorView } from '../../lib/messaging/send-message';

interface Props {
  value: string;
  problem: ConnectProblem | 'taken' | null;
  error: ErrorView | null;
  busy: boolean;
  onChange: (value: string) => void;
  onConnect: () => void;
}

/** The name of a domain to connect; its problem, when it has one, next to it. Nothing is sent until it is a valid name. */
export function DomainConnectForm({ value, problem, error, busy, onChange, onConnect }: Props) {
  // An international name is sent in the form the service stores (punycode): say so as it is typed.
  const verdict = judgeDomainName(value);
  const sentAs = verdict.ok && verdict.domain !== value.trim().toLowerCase().replace(/\.$/, '') ? verdict.domain : null;
  const errorText = error === null ? null : describeError(error);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onConnect();
      }}
    >
      <label for="domain-input">{t('domainsConnectLabel')}</label>
      <div class="row">
        <input
          id="domain-input"
          type="text"
          value={value}
          autoComplete="off"
          spellcheck={false}
          aria-invalid={problem !== null}
          aria-describedby="domain-input-help"
          onInput={(e) => onChange(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('domainsConnecting') : t('domainsConnect')}
        </button>
      </div>
      <p id="domain-input-help" class={problem === null ? 'hint' : 'error'} aria-live="polite">
        {problem !== null ? connectProblemText(problem) : sentAs !== null ? t('domainsConnectAs', sentAs) : t('domainsConnectHint')}
      </p>
      {errorText && (
        <p role="alert" class="error">
          {t('domainsConnectFailed', errorText.what, errorText.todo)}
        </p>
      )}
    </form>
  );
}
