import type { FunctionComponent } from 'preact';

/** What an icon of the set (lucide-preact, one import per icon) takes here: a size, and hidden from screen readers. */
export type Icon = FunctionComponent<{ size?: number; 'aria-hidden'?: 'true'; class?: string }>;
