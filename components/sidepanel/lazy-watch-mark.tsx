/**
 * The header's destination mark (watch-mark.tsx): its code is asked for
 * once the panel's first frame is painted, so it never holds up the header
 * or a chart; nothing stands in for it meanwhile.
 */
import type { ComponentProps } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { afterPaint } from '@/components/shared/after-paint';
import { lazyComponent } from '@/components/shared/lazy-component';
import type { WatchMark } from './watch-mark';

const { View: WatchMarkView } = lazyComponent<ComponentProps<typeof WatchMark>>(
  () => import('./watch-mark').then((m) => m.WatchMark),
  () => null,
  'the destination mark',
);

export function LazyWatchMark(props: ComponentProps<typeof WatchMark>) {
  const [asked, setAsked] = useState(false);
  useLayoutEffect(() => afterPaint(() => setAsked(true)), []);
  return asked ? <WatchMarkView {...props} /> : null;
}
