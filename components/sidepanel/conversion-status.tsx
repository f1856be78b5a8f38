import type { SendState } from '../../lib/conversions/controller';
import { formatDateTime } from '../../lib/i18n/format';
import { t } from '../../lib/i18n/catalogue';
import { ErrorNotice } from '../shared/error-notice';

interface Props {
  send: SendState;
  locale: string;
}

/** How the last record went: on its way, stored (with the service's time), queued, or why not. */
export function ConversionStatus({ send, locale }: Props) {
  switch (send.kind) {
    case 'idle':
      return null;
    case 'sending':
      return (
        <p role="status" aria-busy="true">
          {t('conversionSending')}
        </p>
      );
    case 'done':
      return (
        <p role="status" class="ok">
          {t('conversionDone', formatDateTime(send.timestamp, locale))}
        </p>
      );
    case 'queued':
      return (
        <p role="status" class="warn">
          {t('conversionQueued')}
        </p>
      );
    case 'error':
      return <ErrorNotice error={send.error} />;
  }
}
