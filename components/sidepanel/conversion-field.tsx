import type { JSX } from 'preact';

interface Props {
  id: string;
  label: string;
  value: string;
  /** Why the value cannot be sent, in words; null when it can. */
  problem: string | null;
  /** Shown under the field while it has no problem. */
  hint?: string | null;
  inputMode?: JSX.HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  onInput: (value: string) => void;
}

/** One labelled text field of a conversion form, with its problem (or hint) read out as it changes. */
export function ConversionField({ id, label, value, problem, hint, inputMode, autoComplete = 'off', onInput }: Props) {
  const note = problem ?? hint ?? null;
  return (
    <div>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellcheck={false}
        aria-invalid={problem !== null}
        aria-describedby={note === null ? undefined : `${id}-note`}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {note !== null && (
        <p id={`${id}-note`} class={problem === null ? 'hint' : 'error'} aria-live="polite">
          {note}
        </p>
      )}
    </div>
  );
}
