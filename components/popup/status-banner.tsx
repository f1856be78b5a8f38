import { t } from '../../lib/i18n/catalogue';
import { popupStatusText } from '../../lib/popup/popup-status-text';
import type { PopupStatus } from '../../lib/popup/status';
import { Banner } from '../shared/banner';

export interface StatusBannerProps {
  status: PopupStatus;
  /** The service's host, named when it cannot be reached. */
  host: string | null;
  onRetry: () => void;
  onOpenSettings: () => void;
}

/** The popup's one banner: what happened, what happens next, and the one action that helps. */
export function StatusBanner({ status, host, onRetry, onOpenSettings }: StatusBannerProps) {
  const text = popupStatusText(status, host);
  const busy = 'busy' in status && status.busy;
  const action =
    text.action === 'retry'
      ? { label: busy ? t('retrying') : t('popupRetry'), onClick: onRetry, busy }
      : text.action === 'settings'
        ? { label: t('openSettings'), onClick: onOpenSettings }
        : undefined;
  return (
    <Banner tone={text.tone} action={action}>
      <p class="banner-title">{text.title}</p>
      <p>{text.detail}</p>
    </Banner>
  );
}
