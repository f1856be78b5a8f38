/**
 * The popup's first script (lib/popup/early-start.ts): a classic script in
 * popup.html's head, run before the page's modules have loaded.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { leaveForPage } from '@/lib/browser/first-script';
import { POPUP_FIRST_SCRIPT } from '@/lib/popup/early-slot';
import { nativeApi } from '@/lib/browser/native-api';
import { startPopup } from '@/lib/popup/early-start';

export default defineUnlistedScript(() => {
  leaveForPage(POPUP_FIRST_SCRIPT, startPopup(nativeApi(), location.search));
});
