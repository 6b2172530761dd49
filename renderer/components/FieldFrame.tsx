import { useId, type ReactNode } from 'react';

/** What every field wrapper takes besides its control's own attributes. */
export interface FieldProps {
  readonly label: ReactNode;
  /** Shown under the control, red, and announced; sets aria-invalid. */
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly id?: string | undefined;
  readonly className?: string | undefined;
}

/** The ids and ARIA a control needs to point at its hint and error. */
export function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { inputId, errorId, hintId, aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } } as const;
}

/** The hint and error lines under a control. */
export function FieldNotes({
  hint,
  error,
  hintId,
  errorId,
}: {
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly hintId: string;
  readonly errorId: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
