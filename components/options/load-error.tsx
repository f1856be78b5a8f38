import { t } from '../../lib/i18n/catalogue';
import { loadErrorText } from '../../lib/options/options-text';
import type { ErrorView } from '../../lib/messaging/send-message';
import { Banner } from '../shared/banner';

interface Props {
  /** What could not be loaded, in a sentence ("The domains could not be loaded."). */
  what: string;
  error: ErrorView;
  /** The service's host, named in the words. */
  host: string;
  onRetry: () => void;
  onGoToConnection: () => void;
}

/** A section's list could not be read: what happened, what to do, and the one action that helps (Try again, or the connection to fix). */
export function LoadError({ what, error, host, onRetry, onGoToConnection }: Props) {
  const text = loadErrorText(error, host);
  return (
    <Banner
      tone="error"
      action={text.fixConnection ? { label: t('optionsGoToConnection'), onClick: onGoToConnection } : { label: t('tryAgain'), onClick: onRetry }}
    >
      <p>
        <strong>{what}</strong> {text.what}
      </p>
      <p>{text.todo}</p>
    </Banner>
  );
}
