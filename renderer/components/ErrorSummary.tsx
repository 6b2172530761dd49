import { useId, type Ref } from 'react';

/**
 * One problem of a form: its field's label as shown, the message, and its control's id (to move focus there).
 * Without a label the summary shows the message itself: a message that names its field (the spec's 'Template name
 * is required.') or one about the whole form ('An admin user with this email already exists').
 */
export interface FieldProblem {
  readonly label?: string;
  readonly message: string;
  readonly fieldId?: string;
  /** The item's data-testid. */
  readonly testId?: string;
}

/**
 * The errors of a form, listed at its top: the summary takes the focus when a submit fails (FormDialog does it),
 * so a keyboard or screen reader user hears every problem at once; each item moves the focus to its field.
 * `title` is the heading where the spec names one ('Validation Error'); else it counts the fields.
 */
export function ErrorSummary({
  problems,
  title,
  ref,
}: {
  readonly problems: readonly FieldProblem[];
  readonly title?: string | undefined;
  readonly ref?: Ref<HTMLDivElement>;
}) {
  const titleId = useId();
  if (problems.length === 0) return null;
  const heading =
    title ??
    (problems.every((p) => p.label !== undefined)
      ? problems.length === 1
        ? 'One field needs attention'
        : `${problems.length} fields need attention`
      : 'Please check the form');
  // A labelled item shows its label (its message stays under the field, written once) and names the message for
  // screen readers; an unlabelled one shows the message.
  return (
    <div className="error-summary" role="group" aria-labelledby={titleId} tabIndex={-1} ref={ref} data-testid="error-summary">
      <p className="error-summary-title" id={titleId}>
        {heading}
      </p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.label ?? ''}:${p.message}`} data-testid={p.testId}>
            {p.fieldId ? (
              <button
                type="button"
                className="link-button"
                aria-label={p.label !== undefined ? `${p.label}: ${p.message}` : undefined}
                onClick={() => document.getElementById(p.fieldId!)?.focus()}
              >
                {p.label ?? p.message}
              </button>
            ) : (
              <span>{p.label ?? p.message}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
