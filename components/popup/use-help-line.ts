/** The popup's help line: the shortcuts' keys in words, loaded once the link is shown (nothing before it waits for them). */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '../../lib/browser/native-api';

export function useHelpLine(settled: boolean): string {
  const [help, setHelp] = useState('');
  useEffect(() => {
    if (settled && help === '') {
      const commands = browser.commands.getAll().catch(() => []);
      void import('../../lib/menus/shortcut-help-text').then(
        async ({ shortcutHelpText }) => setHelp(shortcutHelpText(await commands)),
        (error: unknown) => console.error('The help line failed to load', error),
      );
    }
  }, [settled]);
  return help;
}
