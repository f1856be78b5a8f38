/**
 * The cards under the trend (./more-cards.tsx) from their own chunk, asked
 * for when they are first shown: after the trend's chart is drawn, so the
 * first chart waits for none of their code. Meanwhile, and should the
 * chunk not load, the space they will take stays reserved, so the page does
 * not jump under the reader.
 */
import { lazyComponent } from '@/components/shared/lazy-component';
import type { MoreCardsProps } from './more-cards';

export const { View: LazyMoreCards } = lazyComponent<MoreCardsProps>(
  () => import('./more-cards').then((m) => m.MoreCards),
  () => <div class="cards-pending" aria-hidden="true" />,
  'side panel cards',
);
