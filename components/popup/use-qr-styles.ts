/**
 * The active profile's saved QR styles for the designer: read once when the
 * QR view opens, written back on save or delete (lib/qr/qr-style-store.ts).
 * Null while loading and where there is no profile: styles belong to one.
 */
import { useEffect, useState } from 'preact/hooks';
import { activeQrStyles, setQrStyles } from '../../lib/qr/qr-style-store';
import type { QrStyles } from '../../lib/qr/qr-style';

export interface QrStylesState {
  styles: QrStyles | null;
  /** Stores the profile's styles as given; rejects when storage fails. */
  store: (styles: QrStyles) => Promise<void>;
}

export function useQrStyles(): QrStylesState {
  const [held, setHeld] = useState<{ profileId: string; styles: QrStyles } | null>(null);
  useEffect(() => {
    let live = true;
    activeQrStyles()
      .then((found) => {
        if (live) setHeld(found);
      })
      // Unreadable storage: the designer works without saved styles.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return {
    styles: held?.styles ?? null,
    store: async (styles) => {
      if (!held) return;
      await setQrStyles(held.profileId, styles);
      setHeld({ ...held, styles });
    },
  };
}
