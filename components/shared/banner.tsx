import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-preact';
import type { ComponentChildren } from 'preact';
import { Button } from './button';

export type BannerTone = 'info' | 'warn' | 'error' | 'ok';

interface Props {
  tone: BannerTone;
  children: ComponentChildren;
  /** At most one action: a banner never offers two competing ways out. `busy`: it is under way (disabled meanwhile). */
  action?: { label: string; onClick: () => void; busy?: boolean };
}

const ICONS = { info: Info, warn: TriangleAlert, error: CircleAlert, ok: CircleCheck };

/** One message about the page's state; errors are announced at once, the rest politely. */
export function Banner({ tone, children, action }: Props) {
  const IconOf = ICONS[tone];
  return (
    <div class={`banner ${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <IconOf size={18} aria-hidden="true" />
      <div class="banner-body">{children}</div>
      {action && (
        <Button size="small" onClick={action.onClick} disabled={action.busy} aria-busy={action.busy}>
          {action.label}
        </Button>
      )}
    </div>
  );
}
