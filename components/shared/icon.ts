import type { LucideIcon } from 'lucide-preact';

/** An icon of the set (lucide-preact, one import per icon), as the design system's components take one. */
export type Icon = LucideIcon;
