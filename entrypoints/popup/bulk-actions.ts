/** The popup's ways into the bulk page, loaded only when asked for (the popup's first load stays small); the popup closes once it opens. */
import { browser } from '@/lib/browser/native-api';

export function openBulkPage(): void {
  void import('@/lib/batch/open-bulk').then((m) => m.openBulk()).then(() => window.close());
}

/**
 * The window's tabs in the bulk page. The `tabs` permission is asked for at
 * once, within the click (browsers ask only from a user's gesture), before
 * anything is loaded; refused, the popup stays as it was.
 */
export function shortenTabs(): void {
  const asked = browser.permissions.request({ permissions: ['tabs'] });
  void import('@/lib/batch/open-bulk')
    .then((m) => m.openBulkWithTabs(asked))
    .then((opened) => opened && window.close());
}
