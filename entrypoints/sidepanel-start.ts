/**
 * The side panel's first script (lib/sidepanel/early-start.ts): a classic
 * script in sidepanel.html's head, run before the page's modules have loaded.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { leaveForPage } from '@/lib/browser/first-script';
import { startPanel } from '@/lib/sidepanel/early-start';
import { PANEL_FIRST_SCRIPT } from '@/lib/sidepanel/early-slot';

export default defineUnlistedScript(() => {
  leaveForPage(PANEL_FIRST_SCRIPT, startPanel(location.search));
});
