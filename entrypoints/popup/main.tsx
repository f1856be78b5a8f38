import { render } from 'preact';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import '@/components/theme.css';
import './popup.css';
import { App, begin } from './app';

// The popup's own code starts here (its modules are loaded and evaluated):
// the timing bench measures both from the document's start and from this mark.
performance.mark('shortlink:start');
// Ask first, render second: the question travels while Preact draws.
const begun = begin();
document.title = t('popupTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
render(<App begun={begun} />, document.getElementById('app') as HTMLElement);
