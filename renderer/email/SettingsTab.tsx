import { useState, type ReactNode } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { TextField, TextareaField } from '../components/FormFields.js';
import { QueryView } from '../components/QueryView.js';
import { notify } from '../components/Toaster.js';
import { ENGAGEMENT_MESSAGES } from '../../shared/rules/email/engagement.js';
import { settingsAddressErrors } from '../../shared/rules/email/settings.js';
import { errorText } from '../lib/op-error-text.js';
import type { EmailSettings } from '../../shared/rules/email/types.js';

type Key = keyof EmailSettings;

/** One block of settings, saved on its own with its own messages. */
function Block({
  title,
  keys,
  settings,
  saved,
  failed,
  children,
}: {
  readonly title: string;
  readonly keys: readonly Key[];
  readonly settings: EmailSettings;
  readonly saved: string;
  readonly failed: string;
  readonly children: (value: Record<Key, string>, set: (k: Key, v: string) => void, errors: Partial<Record<Key, string>>) => ReactNode;
}) {
  const save = useWriteOp('email', 'saveSettings');
  const [value, setValue] = useState<Record<Key, string>>({ ...settings });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  return (
    <Card title={title}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          const block = Object.fromEntries(keys.map((k) => [k, value[k]]));
          // The addresses are checked as main checks them, and each message shown beside its field.
          const problems = settingsAddressErrors(block);
          setErrors(problems);
          if (Object.keys(problems).length) return;
          save.mutateAsync(block).then(
            () => notify.success(saved),
            (err) => notify.error(failed, errorText(err as never)),
          );
        }}
      >
        {children(value, (k, v) => setValue({ ...value, [k]: v }), errors)}
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save {title}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function SettingsTab() {
  const settings = useOp('email', 'settings', {}, { staleTime: 30_000 });
  return (
    <QueryView query={settings} loadingLabel="Loading e-mail settings...">
      {(s) => (
        <div className="email-stack">
          <Block
            title="HTML Compliance Footer"
            keys={['complianceFooterHtml']}
            settings={s}
            saved="HTML compliance footer saved."
            failed={ENGAGEMENT_MESSAGES.footerHtml}
          >
            {(v, set) => (
              <TextareaField label="HTML footer" rows={5} value={v.complianceFooterHtml} onChange={(e) => set('complianceFooterHtml', e.target.value)} />
            )}
          </Block>
          <Block
            title="Text Compliance Footer"
            keys={['complianceFooterText']}
            settings={s}
            saved="Text compliance footer saved."
            failed={ENGAGEMENT_MESSAGES.footerText}
          >
            {(v, set) => (
              <TextareaField label="Text footer" rows={5} value={v.complianceFooterText} onChange={(e) => set('complianceFooterText', e.target.value)} />
            )}
          </Block>
          <Block
            title="Company Information"
            keys={['companyName', 'companyAddress', 'supportEmail']}
            settings={s}
            saved="Company information saved."
            failed={ENGAGEMENT_MESSAGES.company}
          >
            {(v, set, errors) => (
              <>
                <TextField label="Company Name" value={v.companyName} onChange={(e) => set('companyName', e.target.value)} />
                <TextField label="Company Address" value={v.companyAddress} onChange={(e) => set('companyAddress', e.target.value)} />
                <TextField
                  label="Support Email"
                  type="email"
                  error={errors.supportEmail}
                  value={v.supportEmail}
                  onChange={(e) => set('supportEmail', e.target.value)}
                />
              </>
            )}
          </Block>
          <Block
            title="Delivery Settings"
            keys={['fromName', 'fromEmail', 'replyToEmail']}
            settings={s}
            saved="Delivery settings saved."
            failed={ENGAGEMENT_MESSAGES.delivery}
          >
            {(v, set, errors) => (
              <>
                <TextField label="From Name" value={v.fromName} onChange={(e) => set('fromName', e.target.value)} />
                <TextField label="From Email" type="email" error={errors.fromEmail} value={v.fromEmail} onChange={(e) => set('fromEmail', e.target.value)} />
                <TextField
                  label="Reply-To Email"
                  type="email"
                  error={errors.replyToEmail}
                  value={v.replyToEmail}
                  onChange={(e) => set('replyToEmail', e.target.value)}
                />
              </>
            )}
          </Block>
        </div>
      )}
    </QueryView>
  );
}
