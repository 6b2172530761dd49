interface Props {
  readonly label: string;
  readonly checked: boolean;
  readonly disabled?: boolean;
  readonly onChange: (checked: boolean) => void;
}

/** A compact on/off switch for a list row (the kit's SwitchField is a labelled form field). */
export function ActiveSwitch({ label, checked, disabled, onChange }: Props) {
  return (
    <button type="button" role="switch" aria-checked={checked} aria-label={label} className="product-switch" disabled={disabled} onClick={() => onChange(!checked)}>
      <span className="product-switch-track" aria-hidden="true">
        <span className="product-switch-thumb" />
      </span>
      <span className="product-switch-text">{checked ? 'Active' : 'Inactive'}</span>
    </button>
  );
}
