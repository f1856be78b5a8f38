/**
 * A country as the service sent it, in words: an ISO 3166-1 alpha-2 code
 * ("IN", what the usual geo headers carry) becomes its name in the reader's
 * language through Intl.DisplayNames ("India", "भारत"); anything else (a name
 * already, an unknown code) is shown as sent.
 */
const names = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  if (!names.has(locale)) {
    let made: Intl.DisplayNames | null = null;
    try {
      made = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
    } catch {
      made = null;
    }
    names.set(locale, made);
  }
  return names.get(locale) ?? null;
}

/** Codes that name no country: user-assigned (XA..XZ, ZZ, AA, QM..QZ) stay as sent. */
const USER_ASSIGNED = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;

export function countryName(value: string, locale: string): string {
  const code = value.trim();
  if (!/^[A-Za-z]{2}$/.test(code)) return value;
  const upper = code.toUpperCase();
  if (USER_ASSIGNED.test(upper)) return value;
  let name: string | undefined;
  try {
    name = displayNames(locale)?.of(upper);
  } catch {
    name = undefined;
  }
  return name === undefined || name === upper ? value : name;
}
