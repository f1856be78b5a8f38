import type { ComponentChildren } from 'preact';

interface Props {
  /** Names the heading `<id>-heading`, which labels the section. */
  id: string;
  heading: string;
  /** What the section is for, under its heading. */
  intro?: string;
  children: ComponentChildren;
}

/** One section of the options page: a heading that names it, a line on what it is for, then its form. */
export function OptionsSection({ id, heading, intro, children }: Props) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {intro !== undefined && <p class="muted">{intro}</p>}
      {children}
    </section>
  );
}
