/** A logo's pixels as a PNG data URL, the form the SVG file embeds it in (no link to anywhere). */
import { rgbaPng } from './png';
import type { RgbaImage } from './rgba-image';

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole image as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function logoDataUrl(logo: RgbaImage): Promise<string> {
  return `data:image/png;base64,${base64(await rgbaPng(logo))}`;
}

/** The PNG bytes of a data URL that logoDataUrl made (a stored style's logo); null for anything else. */
export function dataUrlBytes(url: string): Uint8Array | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(url);
  if (!match) return null;
  try {
    return Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
