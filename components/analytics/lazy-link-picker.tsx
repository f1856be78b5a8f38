import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { LinkPicker as LinkPickerType } from './link-picker';

type Picker = typeof LinkPickerType;
let loading: Promise<Picker> | null = null;

/**
 * The link picker, fetched when first shown: a panel opened on one link
 * (`?linkId=`) never shows it, so it stays out of the code loaded before the
 * first chart. Until it arrives: the page's loading line.
 */
export function LazyLinkPicker(props: Parameters<Picker>[0]) {
  const [Picker, setPicker] = useState<Picker | null>(null);
  useEffect(() => {
    let live = true;
    loading ??= import('./link-picker').then((m) => m.LinkPicker);
    loading.then(
      (picker) => live && setPicker(() => picker),
      (error: unknown) => console.error('side panel link picker failed to load', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return Picker === null ? <p role="status">{t('loading')}</p> : <Picker {...props} />;
}
