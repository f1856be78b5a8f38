import { t } from '../../lib/i18n/catalogue';
import { Button } from '../shared/button';

/** Asks for the `tabs` permission, so the panel can show the link of the tab the user is on. */
export function FollowTab({ onAllow }: { onAllow: () => void }) {
  return (
    <div class="follow">
      <Button onClick={onAllow}>{t('sidepanelFollowTab')}</Button>
      <p class="muted">{t('sidepanelFollowTabNote')}</p>
    </div>
  );
}
