/**
 * Whether a file the user picks may become a code's logo, decided before it
 * is rasterised: its size, what its bytes are (not what its name or type
 * claims), and for SVG, its text (no scripts, nothing fetched from anywhere).
 * Each refusal is a code the designer words; nothing refused is kept.
 */

/** 1 MB: any real logo fits; a huge file is not a logo and would stall the popup. */
export const MAX_LOGO_BYTES = 1024 * 1024;
/** Below this a logo is a speck, and a 1x1 image is a tracking pixel, not a logo. */
export const MIN_LOGO_PIXELS = 16;
/** Logos are kept (and exported with a style) at most this many pixels a side. */
export const MAX_LOGO_PIXELS = 256;

export type LogoKind = 'png' | 'jpeg' | 'svg';

export type LogoProblem = 'empty' | 'too-big' | 'not-image' | 'svg-script' | 'svg-external' | 'too-small' | 'unreadable';

export type LogoFileVerdict = { ok: true; kind: LogoKind } | { ok: false; problem: LogoProblem };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** What the first bytes say the file is; SVG by its text opening with an <svg> element (after a prolog). */
export function sniffLogo(head: Uint8Array): LogoKind | null {
  if (startsWith(head, PNG_MAGIC)) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 1024)).replace(/^\uFEFF/, '');
  // Prolog: an XML declaration, comments, a DOCTYPE (refused later with the text) before <svg.
  if (/^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text)) return 'svg';
  return null;
}

/** The checks on a picked file's size and first bytes. */
export function checkLogoFile(size: number, head: Uint8Array): LogoFileVerdict {
  if (size === 0) return { ok: false, problem: 'empty' };
  if (size > MAX_LOGO_BYTES) return { ok: false, problem: 'too-big' };
  const kind = sniffLogo(head);
  return kind ? { ok: true, kind } : { ok: false, problem: 'not-image' };
}

/** Elements that run code or pull in another document. */
const SCRIPTED = /<\s*(?:script|foreignObject|iframe|embed|object|handler)\b|\son[a-z]+\s*=|javascript:/i;
/** An entity declaration can pull in files or blow up (billion laughs); logos need none. */
const ENTITY = /<!ENTITY|<!DOCTYPE[^>]*\[/i;

/** Any reference that is not to a fragment of the file itself: href, src, url(), @import. */
function hasExternalReference(text: string): boolean {
  if (/@import/i.test(text)) return true;
  for (const match of text.matchAll(/(?:\s(?:xlink:)?href|\ssrc)\s*=\s*(["'])(.*?)\1/gis)) {
    if (!match[2]!.trim().startsWith('#')) return true;
  }
  for (const match of text.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gis)) {
    if (!match[2]!.trim().startsWith('#')) return true;
  }
  return false;
}

/**
 * An SVG's text, checked before any browser parses it: even rasterised in an
 * <img> (where scripts do not run), an SVG with scripts or links is not a
 * logo we want to store or export, and says so in words.
 */
export function checkSvgText(text: string): { ok: true } | { ok: false; problem: 'svg-script' | 'svg-external' } {
  if (SCRIPTED.test(text) || ENTITY.test(text)) return { ok: false, problem: 'svg-script' };
  if (hasExternalReference(text)) return { ok: false, problem: 'svg-external' };
  return { ok: true };
}

/** The decoded image's size: refused when too small; else the size it is kept at (at most MAX_LOGO_PIXELS a side). */
export function logoTargetSize(
  width: number,
  height: number,
): { ok: true; width: number; height: number } | { ok: false; problem: 'too-small' | 'unreadable' } {
  if (!(width > 0 && height > 0)) return { ok: false, problem: 'unreadable' };
  if (width < MIN_LOGO_PIXELS || height < MIN_LOGO_PIXELS) return { ok: false, problem: 'too-small' };
  const scale = Math.min(1, MAX_LOGO_PIXELS / Math.max(width, height));
  return { ok: true, width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
