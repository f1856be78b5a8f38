import type { JSX } from 'preact';

export interface SelectOption {
  value: string;
  label: string;
}

type Props = Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, 'label'> & {
  id: string;
  label: string;
  options: readonly SelectOption[];
  hint?: string;
  error?: string | null;
};

/** A labelled select with its hint or error, like TextField. */
export function SelectField({ id, label, options, hint, error, class: extra, ...select }: Props) {
  const message = error ?? hint;
  return (
    <div class={extra ? `field ${String(extra)}` : 'field'}>
      <label for={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={message ? `${id}-message` : undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {message && (
        <p id={`${id}-message`} class={error ? 'field-message error' : 'field-message hint'}>
          {message}
        </p>
      )}
    </div>
  );
}
