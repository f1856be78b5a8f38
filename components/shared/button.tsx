import type { ComponentChildren, JSX } from 'preact';
import type { Icon } from './icon';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'small' | 'medium' | 'large';

type Props = Omit<JSX.ButtonHTMLAttributes<HTMLButtonElement>, 'icon' | 'size'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon before the words; decoration only, the words name the action. */
  icon?: Icon;
  children: ComponentChildren;
};

/** The one button of every page: primary for the page's main action, danger for what destroys. */
export function Button({ variant = 'secondary', size = 'medium', icon: IconOf, children, class: extra, type, ...rest }: Props) {
  const classes = [variant === 'secondary' ? '' : variant, size === 'medium' ? '' : size, extra ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type ?? 'button'} class={classes || undefined} {...rest}>
      {IconOf && <IconOf size={size === 'large' ? 18 : 16} aria-hidden="true" />}
      {children}
    </button>
  );
}
