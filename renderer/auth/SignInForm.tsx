import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router-dom';
import { contract, type InputOf } from '../../shared/contract/index.js';
import { useWriteOp } from '../api/hooks.js';
import { useSessionStore } from '../session/session-store.js';
import { landingPathFor } from '../lib/landing.js';
import { useLastScreen } from '../lib/last-screen.js';
import { Field } from '../components/Field.js';
import { Button } from '../components/Button.js';

type Values = InputOf<typeof contract.auth.signIn>;

export function SignInForm({ notice }: { readonly notice?: string | null }) {
  const signIn = useWriteOp('auth', 'signIn');
  const setSession = useSessionStore((s) => s.set);
  const navigate = useNavigate();
  const lastScreen = useLastScreen();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(contract.auth.signIn.input),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    const session = await signIn.mutateAsync(values).catch(() => undefined);
    if (!session) return;
    setSession(session);
    const landing = landingPathFor(session, lastScreen);
    // Go back to the page that asked for sign-in, if this account may see it.
    void navigate(from && (from.startsWith('/admin') ? landing.startsWith('/admin') : true) ? from : landing, { replace: true });
  });

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Sign in">
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <Field label="E-mail" type="email" autoComplete="username" autoFocus error={formState.errors.email?.message} {...register('email')} />
      <Field label="Password" type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
      {signIn.error ? (
        <p className="form-error" role="alert">
          {signIn.error.message}
        </p>
      ) : null}
      <Button type="submit" variant="primary" busy={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}
