/**
 * A short link's QR code panel, loaded with its encoder on first use by a
 * plain dynamic import: the popup's first load carries none of it. Its own
 * file because both the result and each recent link open one.
 */
import { lazyComponent } from '../shared/lazy-component';
import { LazyFallback } from './lazy-fallback';
import type { QrPanelProps } from './qr-panel';

export const LazyQrPanel = lazyComponent<QrPanelProps>(
  () => import('./qr-panel').then((m) => m.QrPanel),
  (_props, failed) => <LazyFallback failed={failed} />,
  'The QR code',
);
