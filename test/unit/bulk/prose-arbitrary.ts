/**
 * Random prose with URLs written into it, for the bulk property tests: the
 * URLs are known, so a test can say exactly what must be found, and where.
 * URLs end in a character the end rule keeps (a letter, a digit, `/`, `=`,
 * or a balanced `)`), since trailing punctuation belongs to the sentence.
 */
import fc from 'fast-check';

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
const label = fc.array(alnum, { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''));
const pathChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%!$&+,;=:@');
const segment = fc.oneof(
  fc.array(pathChar, { minLength: 0, maxLength: 10 }).map((cs) => cs.join('')),
  // Wikipedia's kind: a balanced pair inside the path.
  fc.tuple(label, label).map(([a, b]) => `${a}_(${b})`),
);

/** An http(s) URL as people write it: any case of scheme, a host, maybe a port, path, query and fragment. */
export const urlArb: fc.Arbitrary<string> = fc
  .record({
    scheme: fc.constantFrom('http://', 'https://', 'HTTPS://', 'Http://'),
    host: fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => `${ls.join('.')}.example`),
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
    path: fc.array(segment, { maxLength: 4 }),
    query: fc.option(fc.array(fc.tuple(label, label), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    fragment: fc.option(label, { nil: undefined }),
    end: fc.constantFrom('', '/', 'x'),
  })
  .map(({ scheme, host, port, path, query, fragment, end }) => {
    let url = `${scheme}${host}${port === undefined ? '' : `:${port}`}`;
    if (path.length > 0) url += `/${path.join('/')}`;
    if (query !== undefined) url += `?${query.map(([k, v]) => `${k}=${v}`).join('&')}`;
    if (fragment !== undefined) url += `#${fragment}`;
    // Straight after a port, a letter would make the port invalid.
    url += port !== undefined && path.length === 0 && query === undefined && fragment === undefined && end === 'x' ? '/x' : end;
    // A trailing punctuation mark would be the sentence's: end on a character the rule keeps.
    return /[.,;:!?*'~\-_%$&+@]$/.test(url) ? `${url}z` : url;
  });

/** Prose around the URLs: words in several scripts, numbers, punctuation, brackets, and no URL. */
const word = fc.oneof(
  fc.constantFrom('the', 'link', 'see', 'हिंदी', 'लिंक।', 'émoji😀', '(note)', '[x]', 'e.g.,', '"quoted"', 'http', 'https', 'www.example.com',
    'mailto', 'x:y', '—', '…', '«ok»', '1,000', 'data', 'javascript', 'a/b', '&amp;', '<b>', '**bold**', '链接，', 'C:\\dir'),
  label,
);
const space = fc.constantFrom(' ', '  ', '\n', '\r\n', '\t', '\u00a0', ' \n\n');
const before = fc.constantFrom('', '', '(', '[', '"', '<', '“', '**', "'", '«', '[a](');
const after = fc.constantFrom('', '', '.', ',', ')', ']', '"', '>', '”', '**', "'", ').', '!', '?', ';', ':', '»', '।', '…');

export interface Prose {
  text: string;
  urls: string[];
}

/** Text made of words and URLs, each URL between a random opening and closing mark, separated by white space. */
export const proseArb: fc.Arbitrary<Prose> = fc
  .array(fc.oneof({ weight: 3, arbitrary: word.map((w) => ({ w })) }, { weight: 1, arbitrary: fc.tuple(before, urlArb, after).map(([b, u, a]) => ({ b, u, a })) }), {
    maxLength: 40,
  })
  .chain((tokens) => fc.tuple(fc.constant(tokens), fc.array(space, { minLength: tokens.length, maxLength: tokens.length })))
  .map(([tokens, spaces]) => {
    let text = '';
    const urls: string[] = [];
    tokens.forEach((token, i) => {
      if ('w' in token) text += token.w;
      else {
        text += `${token.b}${token.u}${token.a}`;
        urls.push(token.u);
      }
      text += spaces[i];
    });
    return { text, urls };
  });
