import type { JSX } from 'preact';
import type { Icon } from './icon';

type Props = Omit<JSX.ButtonHTMLAttributes<HTMLButtonElement>, 'icon' | 'label' | 'size'> & {
  icon: Icon;
  /** The accessible name, shown as the tooltip too. */
  label: string;
  variant?: 'ghost' | 'secondary' | 'primary';
  size?: 'small' | 'medium';
};

/** A button that shows only an icon: its name is read by screen readers and shown on hover. */
export function IconButton({ icon: IconOf, label, variant = 'ghost', size = 'medium', class: extra, type, ...rest }: Props) {
  const classes = ['icon', variant === 'secondary' ? '' : variant, size === 'small' ? 'small' : '', extra ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type ?? 'button'} class={classes} aria-label={label} title={label} {...rest}>
      <IconOf size={size === 'small' ? 16 : 18} aria-hidden="true" />
    </button>
  );
}
