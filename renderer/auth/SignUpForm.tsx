import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { contract, type InputOf } from '../../shared/contract/index.js';
import { CURRENT_TERMS_VERSION, requireAcceptedTerms } from '../../shared/rules/auth/terms.js';
import { useWriteOp } from '../api/hooks.js';
import { useSessionStore } from '../session/session-store.js';
import { landingPathFor } from '../lib/landing.js';
import { Field } from '../components/Field.js';
import { Button } from '../components/Button.js';
import { CheckboxField } from '../components/Checkbox.js';

type Values = InputOf<typeof contract.auth.signUp>;

const schema = requireAcceptedTerms(contract.auth.signUp.input);

export function SignUpForm({ onSignedUpWithoutSession }: { readonly onSignedUpWithoutSession: (email: string) => void }) {
  const signUp = useWriteOp('auth', 'signUp');
  const setSession = useSessionStore((s) => s.set);
  const navigate = useNavigate();
  const { register, control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', username: '', acceptedTerms: false, termsVersion: CURRENT_TERMS_VERSION },
  });

  const submit = handleSubmit(async (values) => {
    const result = await signUp.mutateAsync(values).catch(() => undefined);
    if (!result) return;
    if (result.session) {
      setSession(result.session);
      void navigate(landingPathFor(result.session), { replace: true });
    } else {
      onSignedUpWithoutSession(values.email.trim());
    }
  });

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Sign up">
      <Field label="Username" autoComplete="nickname" error={formState.errors.username?.message} {...register('username')} />
      <Field label="E-mail" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Controller
        control={control}
        name="acceptedTerms"
        render={({ field }) => (
          <CheckboxField
            label={`I accept the terms of service (version ${CURRENT_TERMS_VERSION})`}
            name={field.name}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            error={formState.errors.acceptedTerms?.message}
          />
        )}
      />
      <input type="hidden" {...register('termsVersion')} />
      {signUp.error ? (
        <p className="form-error" role="alert">
          {signUp.error.message}
        </p>
      ) : null}
      <Button type="submit" variant="primary" busy={signUp.isPending}>
        Create account
      </Button>
    </form>
  );
}
