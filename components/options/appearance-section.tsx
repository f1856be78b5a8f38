import { Monitor, Moon, Sun } from 'lucide-preact';
import { t, type MessageKey } from '../../lib/i18n/catalogue';
import type { PreferencesView } from '../../lib/messaging/send-message';
import { THEME_VALUES } from '../../lib/messaging/protocol/settings';
import type { Icon } from '../shared/icon';
import { OptionsSection } from './options-section';

type Theme = (typeof THEME_VALUES)[number];

interface Props {
  prefs: PreferencesView | null;
  saving: boolean;
  /** A change: applied to every page at once and saved. */
  onChange: (prefs: PreferencesView) => void;
}

const CHOICES: Record<Theme, { label: MessageKey; icon: Icon }> = {
  system: { label: 'profilesThemeSystem', icon: Monitor },
  light: { label: 'profilesThemeLight', icon: Sun },
  dark: { label: 'profilesThemeDark', icon: Moon },
};

/** The theme of every page: the system's, light or dark, as three choices applied the moment one is picked. */
export function AppearanceSection({ prefs, saving, onChange }: Props) {
  return (
    <OptionsSection id="appearance" heading={t('appearanceHeading')} intro={t('appearanceIntro')} busy={saving}>
      {prefs === null ? (
        <p role="status" class="muted">{t('loading')}</p>
      ) : (
        <fieldset class="choice-cards">
          <legend>{t('profilesThemeLabel')}</legend>
          {THEME_VALUES.map((theme) => {
            const { label, icon: IconOf } = CHOICES[theme];
            return (
              <label key={theme} class="choice-card">
                <input type="radio" name="theme" value={theme} checked={prefs.theme === theme} onChange={() => onChange({ ...prefs, theme })} />
                <IconOf size={20} aria-hidden="true" />
                {t(label)}
              </label>
            );
          })}
        </fieldset>
      )}
    </OptionsSection>
  );
}
