import { useEffect, useRef } from 'preact/hooks';
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
  const group = useRef<HTMLDivElement>(null);
  // The question takes the focus from the menu that asked it (Preact does not apply autofocus after a page loads).
  useEffect(() => group.current?.querySelector<HTMLButtonElement>('button.danger')?.focus(), []);
  return (
    <div role="group" ref={group} class="row-panel row-confirm" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`}>{t('recentDeleteQuestion', shortUrl)}</p>
      <div class="row-buttons">
        <Button variant="danger" size="small" onClick={onDelete}>
          {t('recentDeleteConfirm')}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('recentCancel')}
        </Button>
      </div>
    </div>
  );
}
