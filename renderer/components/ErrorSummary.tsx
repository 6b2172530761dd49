import { useId, type Ref } from 'react';

/** One field's problem: its label as shown, the message under it, and its control's id (to move focus there). */
export interface FieldProblem {
  readonly label: string;
  readonly message: string;
  readonly fieldId?: string;
}

/**
 * The errors of a form, listed at its top: the summary takes the focus when a submit fails (FormDialog does it),
 * so a keyboard or screen reader user hears every problem at once; each item moves the focus to its field.
 */
export function ErrorSummary({ problems, ref }: { readonly problems: readonly FieldProblem[]; readonly ref?: Ref<HTMLDivElement> }) {
  const titleId = useId();
  if (problems.length === 0) return null;
  // The labels are shown (each message stays under its field, once); each item's name carries its message too.
  return (
    <div className="error-summary" role="group" aria-labelledby={titleId} tabIndex={-1} ref={ref} data-testid="error-summary">
      <p className="error-summary-title" id={titleId}>
        {problems.length === 1 ? 'One field needs attention' : `${problems.length} fields need attention`}
      </p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.label}:${p.message}`}>
            {p.fieldId ? (
              <button
                type="button"
                className="link-button"
                aria-label={`${p.label}: ${p.message}`}
                onClick={() => document.getElementById(p.fieldId!)?.focus()}
              >
                {p.label}
              </button>
            ) : (
              <span>{p.label}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
