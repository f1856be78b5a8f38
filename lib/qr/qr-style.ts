/**
 * Named QR styles ("Acme print"): a design and its logo, saved per profile,
 * one of them the profile's default. Pure rules for what a style may hold
 * (checked on save, on read from storage and on import from a settings
 * file, so a hand-edited store or file cannot feed the designer bad input).
 */
import { normaliseDesign, type QrDesign } from './design-shape';

export const QR_STYLE_NAME_MAX = 60;
/** A handful per profile: print, screen, dark slides; bounds the storage a logo each takes. */
export const QR_STYLES_MAX = 5;
/**
 * A style's logo is kept as a PNG data URL of at most this many characters
 * (lib/qr/style-logo.ts shrinks it to fit): five styles of a profile then
 * stay well inside the settings file's 256 KB.
 */
export const QR_STYLE_LOGO_MAX = 16_000;
const LOGO_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export interface QrStyle {
  name: string;
  design: QrDesign;
  /** The logo as a PNG data URL, or null. */
  logo: string | null;
}

export interface QrStyles {
  styles: QrStyle[];
  /** The name of the profile's default style, or null for the plain black-on-white code. */
  defaultName: string | null;
}

export const NO_QR_STYLES: QrStyles = Object.freeze({ styles: [], defaultName: null }) as unknown as QrStyles;

export type QrStyleProblem = 'name-empty' | 'name-too-long' | 'logo-too-big' | 'too-many';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function isLogoDataUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= QR_STYLE_LOGO_MAX && LOGO_DATA_URL.test(value);
}

/** Saves `style` under its name (replacing one of the same name) and makes it the default when asked. */
export function saveStyle(
  current: QrStyles,
  style: QrStyle,
  makeDefault: boolean,
): { ok: true; styles: QrStyles } | { ok: false; problem: QrStyleProblem } {
  const name = style.name.trim();
  if (name === '') return { ok: false, problem: 'name-empty' };
  if (name.length > QR_STYLE_NAME_MAX) return { ok: false, problem: 'name-too-long' };
  if (style.logo !== null && !isLogoDataUrl(style.logo)) return { ok: false, problem: 'logo-too-big' };
  const others = current.styles.filter((s) => !sameName(s.name, name));
  if (others.length >= QR_STYLES_MAX) return { ok: false, problem: 'too-many' };
  const saved = { name, design: normaliseDesign(style.design), logo: style.logo };
  const defaultName = makeDefault ? name : current.defaultName !== null && sameName(current.defaultName, name) ? name : current.defaultName;
  return { ok: true, styles: { styles: [...others, saved], defaultName } };
}

export function removeStyle(current: QrStyles, name: string): QrStyles {
  const styles = current.styles.filter((s) => !sameName(s.name, name));
  const defaultName = current.defaultName !== null && sameName(current.defaultName, name) ? null : current.defaultName;
  return { styles, defaultName };
}

export function defaultStyle(styles: QrStyles): QrStyle | null {
  const name = styles.defaultName;
  return name === null ? null : (styles.styles.find((s) => sameName(s.name, name)) ?? null);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Styles as a save would have left them, from anything (storage, a settings file): bad entries dropped, caps kept. */
export function boundedStyles(value: unknown): QrStyles {
  if (!isRecord(value) || !Array.isArray(value.styles)) return NO_QR_STYLES;
  let out: QrStyles = { styles: [], defaultName: null };
  for (const entry of value.styles.slice(0, QR_STYLES_MAX)) {
    if (!isRecord(entry) || typeof entry.name !== 'string' || !isRecord(entry.design)) continue;
    const logo = isLogoDataUrl(entry.logo) ? entry.logo : null;
    const saved = saveStyle(out, { name: entry.name, design: normaliseDesign(entry.design), logo }, false);
    if (saved.ok) out = saved.styles;
  }
  const wanted = value.defaultName;
  if (typeof wanted === 'string') out = { ...out, defaultName: out.styles.find((s) => sameName(s.name, wanted))?.name ?? null };
  return out;
}
