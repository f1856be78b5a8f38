/**
 * Where each profile's QR styles are kept: one storage item keyed by profile
 * id, like the campaign templates. Written by the popup's designer (a page
 * may write its own settings; nothing here touches the network), read back
 * through boundedStyles so a damaged store gives no bad design.
 */
import { storage } from 'wxt/utils/storage';
import { CONNECTION_KEY, QR_STYLES_KEY } from '../storage/keys';
import { boundedStyles, NO_QR_STYLES, type QrStyles } from './qr-style';

export interface QrStyleStore {
  v: 1;
  byProfile: Record<string, QrStyles>;
}

export const qrStylesItem = storage.defineItem<QrStyleStore>(QR_STYLES_KEY, {
  fallback: { v: 1, byProfile: {} },
  version: 1,
});

function of(store: QrStyleStore, profileId: string): QrStyles {
  const byProfile: unknown = store.byProfile;
  if (typeof byProfile !== 'object' || byProfile === null || !Object.hasOwn(byProfile, profileId)) return NO_QR_STYLES;
  return boundedStyles((byProfile as Record<string, unknown>)[profileId]);
}

export async function getQrStyles(profileId: string): Promise<QrStyles> {
  return of(await qrStylesItem.getValue(), profileId);
}

export async function setQrStyles(profileId: string, styles: QrStyles): Promise<void> {
  const store = await qrStylesItem.getValue();
  await qrStylesItem.setValue({ v: 1, byProfile: { ...store.byProfile, [profileId]: boundedStyles(styles) } });
}

/**
 * The active profile's id and styles; null without a profile (styles belong
 * to one). The profile set is read raw, as the popup's first read does
 * (lib/popup/local.ts): its checked reader would bring the settings schema into the QR view's chunk.
 */
export async function activeQrStyles(): Promise<{ profileId: string; styles: QrStyles } | null> {
  const set = await storage.getItem<{ activeId?: unknown; profiles?: { id?: unknown }[] }>(CONNECTION_KEY);
  const id = set?.activeId;
  if (typeof id !== 'string' || id === '' || !Array.isArray(set?.profiles) || !set.profiles.some((p) => p?.id === id)) return null;
  return { profileId: id, styles: await getQrStyles(id) };
}
