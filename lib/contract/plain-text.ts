/**
 * The characters a short name people read in lists may not hold (tag names,
 * token names, profile names): text shown in lists, exports, logs and
 * terminals, where these cut or rewrite what is around them or hide what the
 * name really says. Without valibot, so pages can check as the user types.
 *
 * Apply it to what a person types, never to what the service answers: names
 * stored before a rule existed must still be readable.
 */

/** C0 controls and DEL: a NUL cuts strings short, escapes rewrite a terminal line. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

// eslint-disable-next-line no-control-regex
const C0_C1_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * Unicode category Cf: invisible characters that change how text around them
 * reads (bidi overrides and isolates turn `\u202egnp.exe` into "exe.png"),
 * or make two names that look alike differ (zero-width space, joiner, BOM).
 */
const FORMAT_CHARACTERS = /\p{Cf}/u;
/** Half of a UTF-16 surrogate pair on its own: no character at all, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;

export type PlainTextProblem = 'control' | 'format' | 'surrogate';

/** What makes `text` unfit for a name people read, or null when it is fit. */
export function plainTextProblem(text: string): PlainTextProblem | null {
  if (C0_C1_CONTROLS.test(text)) return 'control';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  if (FORMAT_CHARACTERS.test(text)) return 'format';
  return null;
}

/** The rule in words, after a field's name: "tag must not contain …". */
export const PLAIN_TEXT_PROBLEM_TEXT: Readonly<Record<PlainTextProblem, string>> = {
  control: 'must not contain control characters',
  format: 'must not contain invisible formatting characters (zero-width, bidirectional or other format marks)',
  surrogate: 'must not contain unpaired surrogate characters',
};
