/**
 * The size of one bulk batch (issue 24): at most MAX_BATCH_URLS valid,
 * distinct URLs are sent, and a text or file over MAX_TEXT_BYTES is refused
 * before it is read whole. The queue drains about a thousand items in
 * seconds; a batch past that is better split by the user than left running
 * for minutes behind a progress bar.
 */
export const MAX_BATCH_URLS = 1000;

/** 2 MiB of UTF-8: a newsletter or a long report is far below; a log dump or a binary file is refused. */
export const MAX_TEXT_BYTES = 2 * 1024 * 1024;

/** How many bytes `text` takes in UTF-8, counted without making the bytes. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair is one code point of four bytes.
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
