import type { ComponentChildren } from 'preact';
import { ArrowLeft } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { PanelController, PickerState } from '../../lib/sidepanel/controller';
import { Button } from '../shared/button';
import { LinkPicker } from './link-picker';

interface Props {
  picker: PickerState;
  controller: Pick<PanelController, 'choose' | 'search' | 'loadMore'>;
  /** The link shown before, to go back to; null when none was. */
  back: string | null;
  follow: ComponentChildren;
}

/**
 * The panel without a link: the workspace's links to choose one from (and
 * back to the one shown before). Its own chunk with the picker
 * (./lazy-link-switcher.tsx).
 */
export function LinkSwitcher({ picker, controller, back, follow }: Props) {
  return (
    <div class="panel">
      {back !== null && (
        <Button variant="ghost" size="small" icon={ArrowLeft} onClick={() => void controller.choose(back)}>
          {t('sidepanelBackToLink')}
        </Button>
      )}
      <h1>{t('sidepanelHeading')}</h1>
      {follow}
      <LinkPicker
        picker={picker}
        current={back}
        onSearch={(q) => void controller.search(q)}
        onChoose={(id) => void controller.choose(id)}
        onMore={() => void controller.loadMore()}
      />
    </div>
  );
}
