/**
 * Turns a picked file (or the page's icon, which the browser serves from the
 * extension's own origin) into logo pixels. The decisions are lib/qr/logo-file.ts's,
 * made before anything is decoded; this file only does what needs the DOM:
 * an <img> of a blob URL (SVG too, where createImageBitmap cannot) drawn
 * into a canvas at the capped size.
 */
import { checkLogoFile, checkSvgText, logoTargetSize, MAX_LOGO_PIXELS, type LogoProblem } from '../../lib/qr/logo-file';
import type { RgbaImage } from '../../lib/qr/rgba-image';

export type LogoLoad = { ok: true; pixels: RgbaImage } | { ok: false; problem: LogoProblem };

const MIME = { png: 'image/png', jpeg: 'image/jpeg', svg: 'image/svg+xml' } as const;

async function decode(blob: Blob): Promise<HTMLImageElement | null> {
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function loadLogo(file: Blob): Promise<LogoLoad> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  const verdict = checkLogoFile(file.size, head);
  if (!verdict.ok) return verdict;
  let blob: Blob;
  if (verdict.kind === 'svg') {
    const text = await file.text();
    const svg = checkSvgText(text);
    if (!svg.ok) return svg;
    blob = new Blob([text], { type: MIME.svg });
  } else {
    // The type from the bytes, not the file's claim.
    blob = new Blob([file], { type: MIME[verdict.kind] });
  }
  const img = await decode(blob);
  if (!img) return { ok: false, problem: 'unreadable' };
  // An SVG without width and height has no natural size in some browsers: draw it at the cap.
  const natural = verdict.kind === 'svg' && img.naturalWidth === 0 ? [MAX_LOGO_PIXELS, MAX_LOGO_PIXELS] : [img.naturalWidth, img.naturalHeight];
  const size = logoTargetSize(natural[0]!, natural[1]!);
  if (!size.ok) return size;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return { ok: false, problem: 'unreadable' };
  context.drawImage(img, 0, 0, size.width, size.height);
  const data = context.getImageData(0, 0, size.width, size.height).data;
  return { ok: true, pixels: { width: size.width, height: size.height, data } };
}

/** The page's icon, from the browser's own cache on the extension's origin (no request to the site). */
export async function loadPageIcon(iconUrl: string): Promise<LogoLoad> {
  try {
    const url = new URL(iconUrl, location.href);
    if (url.origin !== location.origin) return { ok: false, problem: 'unreadable' };
    // The largest the cache gives, so the logo is not a blurred 32 px icon.
    url.searchParams.set('size', '128');
    const response = await fetch(url);
    if (!response.ok) return { ok: false, problem: 'unreadable' };
    return await loadLogo(await response.blob());
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
