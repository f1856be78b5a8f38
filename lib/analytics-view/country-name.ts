/**
 * A country as the service sent it, in words: an ISO 3166-1 alpha-2 code
 * ("IN", what the usual geo headers carry), or a country's English name,
 * becomes its name in the reader's language through Intl.DisplayNames
 * ("India", "भारत"); anything else (an unknown code or name) is shown as sent.
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

/** English country names to their codes ("India" -> "IN"), made once from Intl's own names. */
let byEnglishName: Map<string, string> | null = null;
function codeOfEnglishName(name: string): string | undefined {
  if (byEnglishName === null) {
    byEnglishName = new Map();
    const english = displayNames('en');
    const A = 65;
    for (let i = 0; i < 26 * 26 && english !== null; i += 1) {
      const code = String.fromCharCode(A + Math.floor(i / 26), A + (i % 26));
      if (USER_ASSIGNED.test(code)) continue;
      let named: string | undefined;
      try {
        named = english.of(code);
      } catch {
        named = undefined;
      }
      if (named !== undefined && named !== code) byEnglishName.set(named.toLowerCase(), code);
    }
  }
  return byEnglishName.get(name.trim().toLowerCase());
}

export function countryName(value: string, locale: string): string {
  // A country sent by its English name ("India") is named in the reader's language too ("भारत").
  const code = /^[A-Za-z]{2}$/.test(value.trim()) ? value.trim() : (codeOfEnglishName(value) ?? value.trim());
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
