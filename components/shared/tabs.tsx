import { useRef } from 'preact/hooks';

export interface TabItem {
  id: string;
  label: string;
}

interface Props {
  /** Names the tab list for screen readers (what the tabs choose between). */
  label: string;
  /** Prefix of the tabs' and panels' ids; unique in the page. */
  idPrefix: string;
  tabs: readonly TabItem[];
  current: string;
  onSelect: (id: string) => void;
  class?: string;
}

/** The ids that tie a tab to its panel: the caller gives the shown panel `panel` and `aria-labelledby={tab}`. */
export const tabIds = (prefix: string, id: string) => ({ tab: `${prefix}-tab-${id}`, panel: `${prefix}-panel-${id}` });

/**
 * The WAI-ARIA tabs pattern (automatic activation): one tab in the Tab
 * order, Left and Right arrows (Home, End) move to the next tab and show it.
 * The caller draws the panel of the current tab.
 */
export function Tabs({ label, idPrefix, tabs, current, onSelect, class: extra }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(0, tabs.findIndex((tab) => tab.id === current));
  const move = (to: number) => {
    const tab = tabs[(to + tabs.length) % tabs.length];
    if (tab === undefined) return;
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabIds(idPrefix, tab.id).tab)}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const to: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = to[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };
  return (
    <div ref={list} role="tablist" aria-label={label} class={extra ? `tabs ${extra}` : 'tabs'} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const ids = tabIds(idPrefix, tab.id);
        const selected = tab.id === current;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={ids.tab}
            data-tab={tab.id}
            aria-selected={selected}
            aria-controls={selected ? ids.panel : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
