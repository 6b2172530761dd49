// TEMPORARY until the kit's field wrappers land: same props, replaced by the kit.
import { useId, type ReactNode } from 'react';

interface Base {
  readonly label: string;
  readonly value: string;
  readonly onChange: (v: string) => void;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly required?: boolean;
  readonly wide?: boolean;
}

function Wrap({ id, label, error, hint, required, wide, children }: Omit<Base, 'value' | 'onChange'> & { id: string; children: ReactNode }) {
  return (
    <div className={wide ? 'field field-wide' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? <p id={`${id}-hint`} className="field-hint">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="field-error">{error}</p> : null}
    </div>
  );
}

const described = (id: string, p: Base) => [p.error ? `${id}-error` : null, p.hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

export function TextField(p: Base & { readonly type?: string }) {
  const id = useId();
  return (
    <Wrap id={id} {...p}>
      <input id={id} type={p.type ?? 'text'} value={p.value} onChange={(e) => p.onChange(e.target.value)} required={p.required} aria-invalid={p.error ? true : undefined} aria-describedby={described(id, p)} />
    </Wrap>
  );
}

export function NumberField(p: Base & { readonly step: number; readonly min?: number; readonly max?: number }) {
  const id = useId();
  return (
    <Wrap id={id} {...p}>
      <input id={id} type="number" inputMode="decimal" step={p.step} min={p.min} max={p.max} value={p.value} onChange={(e) => p.onChange(e.target.value)} aria-invalid={p.error ? true : undefined} aria-describedby={described(id, p)} />
    </Wrap>
  );
}

export function DateField(p: Base) {
  const id = useId();
  return (
    <Wrap id={id} {...p}>
      <input id={id} type="datetime-local" value={p.value} onChange={(e) => p.onChange(e.target.value)} aria-invalid={p.error ? true : undefined} aria-describedby={described(id, p)} />
    </Wrap>
  );
}

export function TextareaField(p: Base & { readonly rows?: number }) {
  const id = useId();
  return (
    <Wrap id={id} {...p}>
      <textarea id={id} rows={p.rows ?? 3} value={p.value} onChange={(e) => p.onChange(e.target.value)} required={p.required} aria-invalid={p.error ? true : undefined} aria-describedby={described(id, p)} />
    </Wrap>
  );
}

export function SelectField(p: Base & { readonly options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <Wrap id={id} {...p}>
      <select id={id} value={p.value} onChange={(e) => p.onChange(e.target.value)} aria-describedby={described(id, p)}>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
}

export function CheckboxField({ label, checked, onChange }: { readonly label: string; readonly checked: boolean; readonly onChange: (v: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
