import { render } from 'preact';
import { browser } from '@/lib/browser/native-api';
import { t } from '@/lib/i18n/catalogue';
import { applyStoredTheme, applyThemeHint } from '@/lib/browser/theme';
import { PANEL_MARKS, markOnce } from '@/lib/analytics-view/panel-marks';
import { takeEarlyPanel } from '@/lib/sidepanel/early-slot';
import { firstReads } from '@/lib/sidepanel/first-reads';
import '@/components/shared/theme.css';
import '@/components/sidepanel/sidepanel.css';
import { App } from './app';

markOnce(PANEL_MARKS.modulesRun);
// Before the first render: the page paints in the theme a page last applied;
// then the stored preference (one read) corrects it if it changed since.
applyThemeHint();
void applyStoredTheme();
document.title = t('sidepanelTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
// The first reads were started by the panel's first script (entrypoints/sidepanel-start.ts) while these modules loaded.
const early = takeEarlyPanel(location.search);
render(<App linkId={early.linkId} reads={firstReads(early)} />, document.getElementById('app') as HTMLElement);
