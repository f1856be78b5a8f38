import { Check, Copy } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { copyText } from '../../lib/browser/copy-text';
import { t } from '../../lib/i18n/catalogue';
import { sendMessage } from '../../lib/messaging/send-message';
import { Button } from '../shared/button';

/** How long "Copied" stays on the button. */
const COPIED_MS = 1500;

async function copy(text: string): Promise<boolean> {
  try {
    return await copyText(text);
  } catch {
    // Neither the copy event nor the Clipboard API took it: the background copies then.
    try {
      return (await sendMessage('copyText', { text })).copied;
    } catch {
      return false;
    }
  }
}

/** Copies the short link; "Copied" shows briefly on this button, the one thing just copied. */
export function CopyButton({ text, variant = 'secondary' }: { text: string; variant?: 'primary' | 'secondary' }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      variant={variant}
      size="small"
      icon={state === 'copied' ? Check : Copy}
      class={state === 'copied' ? 'copied' : undefined}
      title={t('sidepanelCopyLink')}
      onClick={() => void copy(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      {state === 'copied' ? t('copied') : state === 'failed' ? t('sidepanelCopyFailed') : t('copy')}
    </Button>
  );
}
