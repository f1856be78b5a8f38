interface Props {
  id: string;
  label: string;
  /** A line under the label on what turning it on does. */
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}

/** An on/off setting that takes effect as it is flipped: a checkbox announced as a switch, its label beside it. */
export function Switch({ id, label, hint, checked, disabled, onChange }: Props) {
  return (
    <div class="switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        class="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <div class="grow">
        <label for={id}>{label}</label>
        {hint && (
          <p id={`${id}-hint`} class="hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
