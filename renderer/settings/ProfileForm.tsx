import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { contract } from '../../shared/contract/index.js';
import { DEFAULT_PRODUCT_NAME, type ProfileSummary } from '../../shared/rules/profiles/types.js';
import { DEFAULT_PUBLIC_HOST } from '../../shared/rules/profiles/public-host.js';
import { KEYS_FOR_NEW_URL_MESSAGE, sameProjectOrigin } from '../../shared/rules/profiles/project-url.js';
import { useWriteOp } from '../api/hooks.js';
import { Card } from '../components/Card.js';
import { Field } from '../components/Field.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';

const schema = contract.profiles.save.input;
type Values = z.input<typeof schema>;

/** Add or edit a Supabase project. Keys go to main and are never shown again. */
export function ProfileForm({ profile, onDone }: { readonly profile: ProfileSummary | null; readonly onDone: () => void }) {
  const save = useWriteOp('profiles', 'save');
  const test = useWriteOp('profiles', 'test');
  const { register, handleSubmit, formState, getValues, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...(profile ? { id: profile.id } : {}),
      name: profile?.name ?? '',
      url: profile?.url ?? '',
      anonKey: '',
      productName: profile?.productName ?? DEFAULT_PRODUCT_NAME,
      publicHost: profile?.publicHost ?? DEFAULT_PUBLIC_HOST,
    },
  });

  const submit = handleSubmit((values) => {
    if (!profile && !values.serviceRoleKey) {
      setError('serviceRoleKey', { message: 'Enter the service-role key.' });
      return;
    }
    // Stored keys stay with the URL they were saved for: a new URL needs both typed again.
    if (profile?.url && !values.serviceRoleKey && !sameProjectOrigin(profile.url, values.url)) {
      setError('serviceRoleKey', { message: KEYS_FOR_NEW_URL_MESSAGE });
      return;
    }
    const input = { ...values, ...(values.serviceRoleKey ? {} : { serviceRoleKey: undefined }) };
    save.mutate(input, {
      onSuccess: (p) => {
        notify.success(`Saved ${p.name}`);
        onDone();
      },
      onError: (e) => notify.error('Could not save the connection', e.message),
    });
  });

  const runTest = () => {
    const v = getValues();
    if (!v.url || !v.anonKey || !v.serviceRoleKey) {
      notify.error('Enter the URL and both keys to test them');
      return;
    }
    test.mutate(
      { url: v.url, anonKey: v.anonKey, serviceRoleKey: v.serviceRoleKey },
      {
        onSuccess: (r) =>
          r.reachable && r.anonKeyAccepted && r.serviceRoleKeyAccepted ? notify.success(r.message) : notify.error('Connection test failed', r.message),
        onError: (e) => notify.error('Connection test failed', e.message),
      },
    );
  };

  return (
    <Card title={profile ? `Edit ${profile.name}` : 'Add a Supabase project'}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Name" error={formState.errors.name?.message} {...register('name')} />
        <Field label="Project URL" placeholder="https://your-project.supabase.co" error={formState.errors.url?.message} {...register('url')} />
        <Field label="Anon key" autoComplete="off" spellCheck={false} error={formState.errors.anonKey?.message} {...register('anonKey')} />
        <Field
          label="Service-role key"
          type="password"
          autoComplete="off"
          hint={
            profile
              ? 'Leave empty to keep the stored key (a new URL needs both keys again).'
              : 'Kept by the desktop app only; it never reaches this window again.'
          }
          error={formState.errors.serviceRoleKey?.message}
          {...register('serviceRoleKey', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
        />
        <Field label="Product name" hint="Used in texts such as demo passwords." error={formState.errors.productName?.message} {...register('productName')} />
        <Field
          label="Public site address"
          placeholder={DEFAULT_PUBLIC_HOST}
          hint="Where the product's site answers: marketing short links are this address followed by /r/ and the slug."
          error={formState.errors.publicHost?.message}
          {...register('publicHost')}
        />
        <div className="form-actions">
          <Button onClick={onDone}>Cancel</Button>
          <Button onClick={runTest} busy={test.isPending}>
            Test connection
          </Button>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
