/**
 * The http(s) address a text selection holds, or null. The "Shorten selected
 * URL" item shows for every selection (a menu cannot be made conditional on
 * the selected text in Chrome, and Firefox's onShown sees the text only with
 * the page's host permission), so the click decides: a selection that is not
 * one address is answered with a notification and nothing is sent.
 */

/** Pairs people (and pages) put around an address: `<https://…>`, `"https://…"`, `(https://…)`. */
const WRAPPERS: readonly (readonly [string, string])[] = [
  ['<', '>'],
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['(', ')'],
  ['[', ']'],
];

/** Punctuation a selection drags in from the sentence around an address. */
const TRAILING = /[.,;:!?]+$/;

function unwrap(text: string): string {
  for (const [open, close] of WRAPPERS) {
    if (text.length >= 2 && text.startsWith(open) && text.endsWith(close)) return text.slice(open.length, -close.length).trim();
  }
  return text;
}

/** Drops a closing bracket the address does not open: "(see https://x.org/a)" selected from its "h". */
function dropUnopened(text: string): string {
  let out = text;
  for (const [open, close] of [['(', ')'], ['[', ']']] as const) {
    while (out.endsWith(close) && out.split(open).length < out.split(close).length) out = out.slice(0, -1);
  }
  return out;
}

export function selectedUrl(selection: string | undefined): string | null {
  if (selection === undefined) return null;
  let text = unwrap(selection.trim());
  text = dropUnopened(text.replace(TRAILING, ''));
  // One address, nothing around it: a sentence that contains a link is not "a selected URL".
  if (text === '' || /\s/.test(text)) return null;
  if (!/^https?:\/\/[^/?#]/i.test(text)) return null;
  return text;
}
