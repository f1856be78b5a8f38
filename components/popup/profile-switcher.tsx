import { Users } from 'lucide-preact';
import { t } from '../../lib/i18n/catalogue';
import type { ProfileChoice } from '../../lib/popup/local';
import { MenuButton } from '../shared/menu-button';

export interface ProfileSwitcherProps {
  profiles: readonly ProfileChoice[];
  active: ProfileChoice;
  onSwitch: (id: string) => void;
}

/** The active profile, named, as a menu of every profile to switch to (the header shows it only when there is another). */
export function ProfileSwitcher({ profiles, active, onSwitch }: ProfileSwitcherProps) {
  return (
    <MenuButton
      icon={Users}
      text={active.name}
      label={t('profilesSwitcherOpen')}
      size="small"
      class="ghost profile-menu"
      items={profiles.map((p) => ({ key: p.id, label: p.name, checked: p.id === active.id, onSelect: () => onSwitch(p.id) }))}
    />
  );
}
