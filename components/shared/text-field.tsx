import type { ComponentChildren, JSX } from 'preact';

type Props = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'label' | 'prefix'> & {
  id: string;
  label: string;
  /** Shown under the field while there is no error. */
  hint?: string;
  /** The field's problem in words: the border turns red and the words replace the hint. */
  error?: string | null;
  /** Drawn inside the field before the text (a domain before a keyword). */
  prefix?: ComponentChildren;
  /** Beside the field, inside its border (an inline action). */
  suffix?: ComponentChildren;
};

/** A labelled text field whose hint or error is tied to it for screen readers. */
export function TextField({ id, label, hint, error, prefix, suffix, class: extra, ...input }: Props) {
  const message = error ?? hint;
  const describedBy = message ? `${id}-message` : undefined;
  return (
    <div class={extra ? `field ${String(extra)}` : 'field'}>
      <label for={id}>{label}</label>
      <div class={error ? 'field-control invalid' : 'field-control'}>
        {prefix !== undefined && <span class="field-prefix">{prefix}</span>}
        <input id={id} type="text" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {suffix}
      </div>
      <p id={`${id}-message`} class={error ? 'field-message error' : 'field-message hint'} aria-live="polite">
        {message ?? ''}
      </p>
    </div>
  );
}
