import { useEffect, useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { FormDialog } from '../components/FormDialog.js';
import { QueryView } from '../components/QueryView.js';
import { SwitchField } from '../components/SwitchField.js';
import { Badge } from '../components/Badge.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { ADMIN_MESSAGES, NOTIFICATION_TYPES, defaultPreferences, type NotificationType } from '../../shared/rules/email/admin-users.js';
import type { AdminUser } from '../../shared/rules/email/types.js';

const label = (t: string) => t.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Per-admin preferences: e-mail only (sms and push are 'Coming Soon'), Reset to Defaults, one upsert to save. */
export function PreferencesDialog({ admin, onClose }: { readonly admin: AdminUser; readonly onClose: () => void }) {
  const prefs = useOp('email', 'preferences', { adminUserId: admin.id });
  const save = useWriteOp('email', 'savePreferences');
  const [choice, setChoice] = useState<Record<NotificationType, boolean> | null>(null);
  useEffect(() => {
    if (prefs.data && choice === null)
      setChoice(Object.fromEntries(prefs.data.data.map((p) => [p.notification_type, p.is_enabled])) as Record<NotificationType, boolean>);
  }, [prefs.data, choice]);
  const submit = async () => {
    if (!choice) return;
    try {
      await save.mutateAsync({ adminUserId: admin.id, preferences: NOTIFICATION_TYPES.map((t) => ({ notificationType: t, isEnabled: choice[t] })) });
      notify.success(ADMIN_MESSAGES.prefsSaved);
      onClose();
    } catch (err) {
      notify.error(ADMIN_MESSAGES.prefsSaveFailed, errorText(err as never));
    }
  };
  return (
    <FormDialog
      open
      title={`Notification Preferences: ${admin.full_name}`}
      width="560px"
      submitLabel="Save Preferences"
      busy={save.isPending}
      submitDisabled={choice === null}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <QueryView query={prefs} loadingLabel="Loading preferences..." errorPrefix={`${ADMIN_MESSAGES.prefsLoadFailed}: `}>
        {() =>
          choice ? (
            <div className="form" data-testid="preferences">
              <p className="muted">
                Delivery by e-mail. SMS <Badge>Coming Soon</Badge> Push <Badge>Coming Soon</Badge>
              </p>
              {NOTIFICATION_TYPES.map((t) => (
                <SwitchField key={t} label={label(t)} name={t} checked={choice[t]} onCheckedChange={(v) => setChoice({ ...choice, [t]: v })} />
              ))}
              <div>
                <Button onClick={() => setChoice(defaultPreferences())}>Reset to Defaults</Button>
              </div>
            </div>
          ) : null
        }
      </QueryView>
    </FormDialog>
  );
}
