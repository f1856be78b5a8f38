import type { LucideIcon } from 'lucide-preact';

/** An icon of the set (lucide-preact, one import per icon); components draw it with a size, hidden from screen readers. */
export type Icon = LucideIcon;
