/**
 * Whether a short link from the service may be used: shown, copied, written
 * into the user's text by Replace in text and the Markdown and HTML exports.
 * It must be an absolute http(s) URL with a host and nothing a document
 * would read as markup or a break: no white space, quotes, angle brackets,
 * backticks, brackets or control characters. A hostile service, or anyone on a
 * plain-http path to it, could otherwise put markup into the user's text.
 * Shared by the API client (every create-link answer) and the bulk page's
 * writers (links kept from before the rule).
 */

/** The error code for a short link refused by this rule (lib/api/errors.ts); the catalogue puts it in words. */
export const UNSAFE_SHORT_URL = 'UNSAFE_SHORT_URL';

/**
 * White space (any), C0 and C1 controls, DEL, quotes, angle brackets,
 * backtick, backslash, the invisible format characters, and the brackets
 * and braces that would close a Markdown link's `(…)` or `[…]` around it
 * (a short link's path is a keyword: letters, digits, `-` and `_`).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\s\u0000-\u001f\u007f-\u009f"'<>`\\()[\]{}|^\p{Cf}]/u;

export function isUsableShortUrl(shortUrl: unknown): shortUrl is string {
  if (typeof shortUrl !== 'string' || shortUrl === '' || UNSAFE.test(shortUrl)) return false;
  let parsed: URL;
  try {
    parsed = new URL(shortUrl);
  } catch {
    return false;
  }
  // `https:example.com` parses (the scheme's slashes are optional to the parser): only the written form with `//` is absolute as people read it.
  if (!/^https?:\/\//i.test(shortUrl)) return false;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
}
