import { t } from '../../lib/i18n/catalogue';
import { Button } from '../shared/button';

interface Props {
  id: string;
  shortUrl: string;
  onDelete: () => void;
  onCancel: () => void;
}

/** "Delete this link?" under its row: the destructive answer in red, Cancel beside it. */
export function RowDeleteConfirm({ id, shortUrl, onDelete, onCancel }: Props) {
  return (
    <div role="group" class="row-panel row-confirm" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`}>{t('recentDeleteQuestion', shortUrl)}</p>
      <div class="row-buttons">
        <Button variant="danger" size="small" autoFocus onClick={onDelete}>
          {t('recentDeleteConfirm')}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('recentCancel')}
        </Button>
      </div>
    </div>
  );
}
