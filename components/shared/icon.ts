import type { LucideIcon } from 'lucide-preact';

/** An icon of the set (lucide-preact, one import per icon); pages draw it with a size and hidden from screen readers. */
export type Icon = LucideIcon;
