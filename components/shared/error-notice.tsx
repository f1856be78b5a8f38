import { t } from '../../lib/i18n/catalogue';
import type { ErrorView } from '../../lib/messaging/send-message';
import { describeError } from '../../lib/i18n/describe-error';

interface Props {
  error: ErrorView;
  onRetry?: () => void;
  onOpenSettings?: () => void;
}

/** An error in words, with the one or two actions that can fix it. */
export function ErrorNotice({ error, onRetry, onOpenSettings }: Props) {
  const text = describeError(error);
  return (
    <div role="alert" class="notice">
      <p class="error">{text.what}</p>
      <p>{text.todo}</p>
      <div class="row">
        {onRetry && <button type="button" onClick={onRetry}>{t('tryAgain')}</button>}
        {text.fixInSettings && onOpenSettings && (
          <button type="button" onClick={onOpenSettings}>{t('openSettings')}</button>
        )}
      </div>
    </div>
  );
}
