/**
 * The parts of the popup its first frame does without, each loaded with a
 * plain dynamic import when first shown: the recent list (once the link is
 * on screen), the customise panel (when asked for), the address field (when
 * the tab can't be shortened, or another link is asked for), the profile
 * switcher (only with more than one profile), the note on what cleaning
 * removed or which site rule applied (only when there is one), and the banner with its
 * wording of every failure (only when something is wrong). The QR code is
 * loaded the same way (./lazy-qr-panel.tsx), and so is the warning that the page
 * itself is broken (only with the destination check on).
 */
import { lazyComponent } from '../shared/lazy-component';
import type { CustomisePanelProps } from './customise-panel';
import { LazyFallback } from './lazy-fallback';
import type { LinkNoteProps } from './link-note';
import type { PageProblemCardProps } from './page-problem-card';
import type { ProfileSwitcherProps } from './profile-switcher';
import type { RecentLinksProps } from './recent-links';
import type { StatusBannerProps } from './status-banner';
import type { UrlFormProps } from './url-form';

export const LazyCustomise = lazyComponent<CustomisePanelProps>(
  () => import('./customise-panel').then((m) => m.CustomisePanel),
  (_props, failed) => <LazyFallback failed={failed} />,
  'The customise panel',
);

export const LazyRecentLinks = lazyComponent<RecentLinksProps>(
  () => import('./recent-links').then((m) => m.RecentLinks),
  // The list's place is held quietly: the result above is what the user came for.
  (_props, failed) => (failed ? <LazyFallback failed /> : null),
  'The recent links',
);

export const LazyStatusBanner = lazyComponent<StatusBannerProps>(
  () => import('./status-banner').then((m) => m.StatusBanner),
  (_props, failed) => (failed ? <LazyFallback failed /> : null),
  'The status banner',
);

export const LazyUrlForm = lazyComponent<UrlFormProps>(
  () => import('./url-form').then((m) => m.UrlForm),
  (_props, failed) => <LazyFallback failed={failed} />,
  'The address field',
);

export const LazyProfileSwitcher = lazyComponent<ProfileSwitcherProps>(
  () => import('./profile-switcher').then((m) => m.ProfileSwitcher),
  // The header has room for the switcher only; its place stays empty until it arrives.
  (_props, failed) => (failed ? <LazyFallback failed /> : null),
  'The profile switcher',
);

export const LazyLinkNote = lazyComponent<LinkNoteProps>(
  () => import('./link-note').then((m) => m.LinkNote),
  (_props, failed) => (failed ? <LazyFallback failed /> : null),
  'The note on the cleaned link',
);

export const LazyPageProblem = lazyComponent<PageProblemCardProps>(
  () => import('./page-problem-card').then((m) => m.PageProblemCard),
  (_props, failed) => <LazyFallback failed={failed} />,
  'The warning about the page',
);
