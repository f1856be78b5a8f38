import { render } from 'preact';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import '@/components/theme.css';
import './options.css';
import { App } from './app';

document.title = t('optionsTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
render(<App />, document.getElementById('app') as HTMLElement);
