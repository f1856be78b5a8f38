import type { ComponentChildren } from 'preact';

interface Props {
  /** The section's id (lib/options/sections.ts); names its heading `<id>-heading`, which labels it. */
  id: string;
  heading: string;
  /** What the section is for, under its heading. */
  intro?: string;
  /** A change is being saved: screen readers hear the section settle, and tests can wait for it. */
  busy?: boolean;
  children: ComponentChildren;
}

/**
 * One section of the options page: a heading that names it (focused when the
 * nav opens it, so a screen reader starts there), a line on what it is for,
 * then its parts.
 */
export function OptionsSection({ id, heading, intro, busy, children }: Props) {
  return (
    <section class="options-section" aria-labelledby={`${id}-heading`} aria-busy={busy ? 'true' : undefined}>
      <h2 id={`${id}-heading`} tabIndex={-1}>
        {heading}
      </h2>
      {intro !== undefined && <p class="section-intro">{intro}</p>}
      {children}
    </section>
  );
}
