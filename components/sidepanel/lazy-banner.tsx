import type { ComponentProps } from 'preact';
import type { Banner } from '../shared/banner';
import { lazyComponent } from '../shared/lazy-component';

/**
 * The side panel's banner (offline, or the service out of reach), fetched
 * when one is first shown: the banner and its icons are not part of the code
 * loaded before the first chart, as the error notice is not
 * (./lazy-error-notice.tsx). Should the chunk not load, the same words stand
 * in, with the same action.
 */
export const { View: LazyBanner } = lazyComponent<ComponentProps<typeof Banner>>(
  () => import('../shared/banner').then((m) => m.Banner),
  ({ children, action }, failed) =>
    failed ? (
      <div role="status" class="notice">
        <p>{children}</p>
        {action && (
          <button type="button" onClick={action.onClick} disabled={action.busy}>
            {action.label}
          </button>
        )}
      </div>
    ) : null,
  'side panel banner',
);
