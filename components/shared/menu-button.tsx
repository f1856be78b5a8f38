import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { Icon } from './icon';

export interface MenuItem {
  /** Stable key; also the item's data-key for tests and styles. */
  key: string;
  label: string;
  icon?: Icon;
  /** Destructive: drawn red (the action itself asks for confirmation). */
  danger?: boolean;
  /** A choice among several (menuitemradio): the current one is marked. */
  checked?: boolean;
  onSelect: () => void;
}

interface Props {
  /** The trigger's accessible name (and its tooltip when it shows only an icon). */
  label: string;
  icon?: Icon;
  /** Words on the trigger; without them the trigger shows only the icon. */
  text?: string;
  items: readonly MenuItem[];
  /** Opens upwards, for a trigger near the bottom of the page. */
  up?: boolean;
  size?: 'small' | 'medium';
  class?: string;
}

/**
 * The WAI-ARIA menu button: Enter, Space or ArrowDown opens it on the first
 * item, ArrowUp on the last; arrows, Home and End move; Escape closes and
 * gives focus back to the trigger; Tab or a click outside closes it.
 */
export function MenuButton({ label, icon: IconOf, text, items, up, size = 'medium', class: extra }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]')[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key] ?? 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };
  const choose = (item: MenuItem) => {
    close(true);
    item.onSelect();
  };

  const iconOnly = text === undefined;
  const triggerClass = [iconOnly ? 'icon ghost' : '', size === 'small' ? 'small' : '', extra ?? ''].filter(Boolean).join(' ');
  return (
    <div class="menu-wrap" ref={wrap}>
      <button
        ref={trigger}
        type="button"
        id={`${id}-button`}
        class={triggerClass || undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={iconOnly ? label : undefined}
        title={label}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKey}
      >
        {IconOf && <IconOf size={size === 'small' ? 16 : 18} aria-hidden="true" />}
        {text}
      </button>
      {open && (
        <ul ref={menu} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} class={up ? 'menu up' : 'menu'} onKeyDown={onMenuKey}>
          {items.map((item, index) => {
            const ItemIcon = item.icon;
            return (
              <li key={item.key} role="none">
                <button
                  type="button"
                  role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
                  aria-checked={item.checked}
                  tabIndex={index === focusIndex ? 0 : -1}
                  class={item.danger ? 'danger' : undefined}
                  data-key={item.key}
                  onClick={() => choose(item)}
                >
                  {ItemIcon && <ItemIcon size={16} aria-hidden="true" />}
                  {item.label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
