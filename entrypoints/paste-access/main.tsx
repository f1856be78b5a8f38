import { render } from 'preact';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/catalogue';
import { applyThemeHint } from '@/lib/browser/theme';
import '@/components/shared/theme.css';
import '@/components/paste-access/paste-access.css';
import { App } from './app';

// Before the first render: the page paints in the chosen theme.
applyThemeHint();
document.title = t('pasteAccessTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
render(<App />, document.getElementById('app') as HTMLElement);
