import { useState, type FormEvent } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Card } from '../components/Card.js';
import { Button } from '../components/Button.js';
import { Field } from '../components/Field.js';
import { notify } from '../components/Toaster.js';
import { DEMO_PASSWORD_MESSAGES, demoPasswordProblem, generateDemoPassword } from '../../shared/rules/dashboard/demo-password.js';

/** The password of the public demo pages (spec 1 sections 5, 8, 9). */
export function DemoPasswordCard() {
  const current = useOp('dashboard', 'demoPassword', {});
  const info = useOp('app', 'info', {});
  const save = useWriteOp('dashboard', 'setDemoPassword');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const productName = info.data?.data.profile.productName ?? 'Reflect';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = demoPasswordProblem(value);
    setProblem(p);
    if (p) return;
    save.mutate(
      { password: value.trim() },
      {
        onSuccess: () => {
          setValue('');
          notify.success(DEMO_PASSWORD_MESSAGES.saved);
        },
        // The spec's message, with main's reason (offline, refused) underneath.
        onError: (e) => notify.error(DEMO_PASSWORD_MESSAGES.saveFailed, e.message === DEMO_PASSWORD_MESSAGES.saveFailed ? undefined : e.message),
      },
    );
  };

  return (
    <Card title="Demo Password" description="Protects the public demo pages. Visitors enter it once per session.">
      {current.isError ? (
        <p className="form-error" role="alert">
          {DEMO_PASSWORD_MESSAGES.loadFailed}
        </p>
      ) : (
        <p>
          Current password:{' '}
          {current.data ? (
            <>
              <code data-testid="current-demo-password">{current.data.data.password}</code>
              {current.data.data.isDefault ? <span className="muted"> (default)</span> : null}
            </>
          ) : (
            <span className="skeleton" />
          )}
        </p>
      )}
      <form className="form form-inline" onSubmit={submit} noValidate aria-label="Change demo password">
        <Field
          label="New password"
          value={value}
          autoComplete="off"
          onChange={(e) => {
            setValue(e.target.value);
            if (problem) setProblem(null);
          }}
          error={problem ?? undefined}
          hint="At least 6 characters; spaces at either end are removed."
        />
        <div className="form-actions">
          <Button
            onClick={() => {
              setValue(generateDemoPassword(productName, (buf) => crypto.getRandomValues(buf)));
              setProblem(null);
            }}
          >
            Generate Random
          </Button>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Update Password
          </Button>
        </div>
      </form>
    </Card>
  );
}
