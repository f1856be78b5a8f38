import { render } from 'preact';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/catalogue';
import { applyStoredTheme, applyThemeHint } from '@/lib/browser/theme';
import '@/components/shared/theme.css';
import '@/components/bulk/bulk.css';
import { App } from './app';

applyThemeHint();
void applyStoredTheme();
document.title = t('bulkTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
render(<App />, document.getElementById('app') as HTMLElement);
