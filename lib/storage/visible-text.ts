/**
 * A name the user types (a profile's, a new tag's) in one Unicode form and
 * with nothing hidden in it. NFC, so "é" typed as one character or as "e" and
 * an accent is one name. Refused: control characters, format characters
 * (bidi overrides and isolates, zero-width spaces and joiners) and unpaired
 * surrogates, which show nothing or change how the rest is shown: "Work" and
 * "Work" with a zero-width space look alike in a list, and a bidi override
 * can make a name read backwards.
 *
 * Only for what the user types: a name read from elsewhere (a tag the service
 * sent) is shown as text and never refused, or one odd tag would block
 * editing a link's other tags. lib/contract/tag-name.ts may gain the same
 * rule for the service; then typed tags take it from there.
 */

// With the `u` flag, \p{Cs} matches only a surrogate that is not half of a pair.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/** The name as it is stored and compared: trimmed, NFC. */
export function typedName(text: string): string {
  return text.trim().normalize('NFC');
}

/** True when the text holds a character that shows nothing or reorders what is shown. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}
