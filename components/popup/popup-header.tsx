import { Settings, Users } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { ProfileChoice } from '../../lib/popup/local';
import { IconButton } from '../shared/icon-button';
import { MenuButton } from '../shared/menu-button';

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
      {profiles.length > 1 && active !== undefined && (
        <MenuButton
          icon={Users}
          text={active.name}
          label={t('profilesSwitcherOpen')}
          size="small"
          class="ghost profile-menu"
          items={profiles.map((p) => ({ key: p.id, label: p.name, checked: p.id === activeId, onSelect: () => onSwitch(p.id) }))}
        />
      )}
      <IconButton icon={Settings} label={t('popupSettings')} size="small" onClick={onSettings} />
    </header>
  );
}
