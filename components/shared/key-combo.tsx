/** Keys pressed together (lib/menus/shortcut-keys.ts), each a <kbd>, the whole never broken across lines. */
import { Fragment } from 'preact';

export function KeyCombo({ keys }: { keys: readonly string[] }) {
  return (
    <kbd class="key-combo">
      {keys.map((key, index) => (
        <Fragment key={index}>
          {index > 0 && <span aria-hidden="true">+</span>}
          <kbd>{key}</kbd>
        </Fragment>
      ))}
    </kbd>
  );
}
