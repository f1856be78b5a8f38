import { CircleCheck, Settings } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { WelcomeDone as Done } from '../../lib/options/welcome';
import { Button } from '../shared/button';
import { Card } from '../shared/card';

interface Props {
  done: Done;
  onOpenSettings: () => void;
}

/** The first run's end: where links will be made, how to make one, and the way to the rest of the settings. */
export function WelcomeDone({ done, onOpenSettings }: Props) {
  return (
    <Card class="welcome-card">
      <div class="welcome-done" role="status">
        <CircleCheck size={28} aria-hidden="true" />
        <div>
          <h2>{t('firstRunDoneTitle')}</h2>
          <p>{t('firstRunDone', done.workspaceId, done.host)}</p>
        </div>
      </div>
      <h3>{t('firstRunNextHeading')}</h3>
      <ul class="welcome-tips">
        <li>{t('firstRunTipPopup')}</li>
        <li>{t('firstRunTipMenu')}</li>
        <li>{t('firstRunTipSettings')}</li>
      </ul>
      <div class="row">
        <Button icon={Settings} onClick={onOpenSettings}>
          {t('openSettings')}
        </Button>
      </div>
    </Card>
  );
}
