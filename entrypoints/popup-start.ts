/**
 * The popup's first script (lib/popup/early-start.ts): a classic script in
 * popup.html's head, run before the page's modules have loaded.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { leaveForPage } from '@/lib/popup/early-slot';
import { nativeApi } from '@/lib/browser/native-api';
import { startPopup } from '@/lib/popup/early-start';

export default defineUnlistedScript(() => {
  leaveForPage(startPopup(nativeApi(), location.search));
});
