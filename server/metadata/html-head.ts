import { Parser } from 'htmlparser2';

/**
 * The tags link previews read from a page's head: <title>, <meta> and <link>,
 * with their attributes, found by htmlparser2's streaming tokenizer. Its time
 * is linear in the input whatever the markup: the regex scanner it replaced
 * took time in the square of the input on a malformed tag (`<meta ` then a
 * long run of spaces, then a quote), and one such page froze the service.
 * Script, style and comment content is not markup (a "<meta" inside a
 * script's string is not a tag); the scan stops at </head> or <body.
 */

export interface HeadTag {
  name: 'meta' | 'link';
  /** Attribute names lower-cased; values with character references decoded. First of a repeated name wins. */
  attributes: Map<string, string>;
}

export interface ScannedHead {
  /** Text of the first <title> (references decoded), or null. */
  title: string | null;
  tags: HeadTag[];
}

/** Enough tags for any real head; a page with more is not worth reading further. */
const MAX_TAGS = 500;
/**
 * Containers whose content browsers do not treat as the head's markup
 * (noscript with scripting on, template always); htmlparser2 parses inside
 * them, so their tags are skipped here. Script, style, title and textarea
 * content is already raw text to the tokenizer.
 */
const INERT = new Set(['noscript', 'template']);

export function scanHead(html: string): ScannedHead {
  const head: ScannedHead = { title: null, tags: [] };
  let title: string | null = null;
  let inert = 0;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (done) return;
        if (name === 'body') return stop();
        if (INERT.has(name)) inert += 1;
        if (inert > 0) return;
        if (name === 'meta' || name === 'link') {
          head.tags.push({ name, attributes: new Map(Object.entries(attribs)) });
          if (head.tags.length >= MAX_TAGS) stop();
        } else if (name === 'title' && head.title === null) {
          title = '';
        }
      },
      ontext(text) {
        if (title !== null) title += text;
      },
      onclosetag(name) {
        if (done) return;
        if (name === 'head') return stop();
        if (INERT.has(name) && inert > 0) inert -= 1;
        if (name === 'title' && title !== null) {
          head.title = title;
          title = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  function stop(): void {
    done = true;
    // The tokenizer stops where it is: nothing after the head is read.
    parser.pause();
  }

  parser.write(html);
  // An unclosed <title> runs to the end of what was read, as browsers show it.
  if (!done) parser.end();
  if (head.title === null && title !== null) head.title = title;
  return head;
}
