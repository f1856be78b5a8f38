import { Parser } from 'htmlparser2';

/**
 * windows-1252's bytes 0x80..0x9F (curly quotes, dashes, €, …). WHATWG maps
 * the labels latin1, iso-8859-1 and us-ascii to windows-1252 too, but Node 20's
 * TextDecoder decodes these bytes as C1 control characters.
 */
// prettier-ignore
const WINDOWS_1252_HIGH = [
  '€', '\u0081', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u008d', 'Ž', '\u008f',
  '\u0090', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u009d', 'ž', 'Ÿ',
];

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x2000) {
    const chunk = bytes.subarray(i, i + 0x2000);
    text += String.fromCharCode(...chunk);
  }
  return text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

/** A charset label in a Content-Type value (the header, or a meta http-equiv's content). */
function charsetOf(contentType: string): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
}

/**
 * The charset a page's <meta charset> or <meta http-equiv="Content-Type">
 * declares in `prefix`, read with the same tokenizer as the head (linear time
 * whatever the markup).
 */
function declaredInPage(prefix: string): string | undefined {
  let found: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name !== 'meta' || found !== undefined) return;
        const httpEquiv = (attribs['http-equiv'] ?? '').trim().toLowerCase();
        found = attribs.charset?.trim() || (httpEquiv === 'content-type' ? charsetOf(attribs.content ?? '') : undefined);
        if (found !== undefined) parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(prefix);
  return found;
}

/**
 * Bytes of a page to text, in the charset the page declares: the
 * Content-Type header first, then a <meta charset> or http-equiv in the first
 * kilobytes (HTML's own prescan reads 1,024 bytes; 4,096 is forgiving), then
 * UTF-8. Unknown charsets fall back to UTF-8; bad bytes become U+FFFD.
 */
export function decodeHtml(bytes: Uint8Array, contentType: string): string {
  const declared = charsetOf(contentType) ?? declaredInPage(new TextDecoder('latin1').decode(bytes.subarray(0, 4096)));
  if (declared) {
    let decoder: TextDecoder | null = null;
    try {
      decoder = new TextDecoder(declared);
    } catch {
      // An unknown label: fall through to UTF-8.
    }
    if (decoder?.encoding === 'windows-1252') return decodeWindows1252(bytes);
    if (decoder) return decoder.decode(bytes);
  }
  return new TextDecoder('utf-8').decode(bytes);
}
