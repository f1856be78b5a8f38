import type { ComponentChildren, JSX } from 'preact';

type Props = JSX.HTMLAttributes<HTMLDivElement> & { children: ComponentChildren };

/** A raised surface that groups one thing: a result, a form, a link. */
export function Card({ class: extra, children, ...rest }: Props) {
  return (
    <div class={extra ? `card ${String(extra)}` : 'card'} {...rest}>
      {children}
    </div>
  );
}
