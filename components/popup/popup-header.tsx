import { Settings } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { ProfileChoice } from '../../lib/popup/local';
import { IconButton } from '../shared/icon-button';
import { LazyProfileSwitcher } from './lazy-parts';

interface Props {
  profiles: readonly ProfileChoice[];
  activeId: string;
  onSwitch: (id: string) => void;
  onSettings: () => void;
}

/** The product, the active profile with its switcher (only when there is another to switch to), and the settings. */
export function PopupHeader({ profiles, activeId, onSwitch, onSettings }: Props) {
  const active = profiles.find((p) => p.id === activeId);
  return (
    <header class="popup-header">
      <h1 class="brand">
        <img src="/icon/32.png" width={20} height={20} alt="" />
        {t('extensionName')}
      </h1>
      {profiles.length > 1 && active !== undefined && <LazyProfileSwitcher.View profiles={profiles} active={active} onSwitch={onSwitch} />}
      <IconButton icon={Settings} label={t('popupSettings')} size="small" onClick={onSettings} />
    </header>
  );
}
