import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';

type Panel = ComponentType<{ linkId: string }>;

/**
 * "Record a lead or sale" under a link's charts. The forms (and the amount and
 * currency code behind them) load when the user opens the section: the charts
 * come first, and the panel's first load carries none of it.
 */
export function ConversionsSection({ linkId }: { linkId: string }) {
  const [Loaded, setLoaded] = useState<Panel | null>(null);
  const [failed, setFailed] = useState(false);

  const onToggle = (event: Event) => {
    if (!(event.currentTarget as HTMLDetailsElement).open || Loaded !== null) return;
    setFailed(false);
    import('./conversions-container').then(
      (module) => setLoaded(() => module.ConversionsPanel),
      () => setFailed(true),
    );
  };

  return (
    <details class="block" onToggle={onToggle}>
      <summary>{t('conversionsOpen')}</summary>
      {failed && <p role="alert" class="error">{t('conversionsLoadFailed')}</p>}
      {!failed && Loaded === null && <p role="status">{t('loading')}</p>}
      {Loaded !== null && <Loaded linkId={linkId} />}
    </details>
  );
}
