import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  BANNER_AUDIENCES,
  BANNER_CATEGORIES,
  BANNER_LIMITS,
  BANNER_MESSAGES,
  audienceLabel,
  categoryLabel,
  type BannerAudience,
  type BannerCategory,
} from '../../shared/rules/banners/fields.js';
import { bannerFormErrors, bannerInputOf, canSaveBanner, type BannerForm } from '../../shared/rules/banners/form.js';
import { useWriteOp } from '../api/hooks.js';
import { errorText } from '../lib/op-error-text.js';
import { Button } from '../components/Button.js';
import { DateField, SelectField, TextareaField, TextField } from '../components/FormFields.js';
import { SwitchField } from '../components/SwitchField.js';
import { notify } from '../components/Toaster.js';
import { BannerPreview } from './BannerPreview.js';

const M = BANNER_MESSAGES;
const CATEGORY_CHOICES = BANNER_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }));
const AUDIENCE_CHOICES = BANNER_AUDIENCES.map((a) => ({ value: a, label: audienceLabel(a) }));

/** The banner form with its live preview; id null creates. Save returns to the list. */
export function BannerEditor({ id, initial }: { readonly id: string | null; readonly initial: BannerForm }) {
  const navigate = useNavigate();
  const create = useWriteOp('banners', 'create');
  const update = useWriteOp('banners', 'update');
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState({ title: false, message: false });
  const errors = bannerFormErrors(form, touched);
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof BannerForm>(key: K, value: BannerForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'title' | 'message' | 'actionText' | 'actionUrl') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const save = async () => {
    if (!canSaveBanner(form)) return;
    const input = bannerInputOf(form);
    try {
      if (id) await update.mutateAsync({ id, ...input });
      else await create.mutateAsync(input);
      notify.success(id ? M.updated : M.created);
      void navigate('/admin/banners');
    } catch (err) {
      // The form keeps what was typed; the server still holds the last saved banner.
      notify.error(M.saveFailed, errorText(err as Parameters<typeof errorText>[0]));
    }
  };

  return (
    <div className="banner-editor">
      <form
        className="card banner-form"
        aria-label={id ? 'Edit banner' : 'New banner'}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <SelectField label="Category" options={CATEGORY_CHOICES} value={form.category} onValueChange={(v) => set('category', v as BannerCategory)} />
        <TextField
          label="Title"
          required
          maxLength={BANNER_LIMITS.title}
          {...text('title')}
          onBlur={() => setTouched((t) => ({ ...t, title: true }))}
          error={errors.title}
        />
        <TextareaField
          label="Message"
          required
          rows={3}
          maxLength={BANNER_LIMITS.message}
          {...text('message')}
          onBlur={() => setTouched((t) => ({ ...t, message: true }))}
          error={errors.message}
        />
        <div className="banner-form-row">
          <TextField label="Action text" hint="Optional: the button's label" maxLength={BANNER_LIMITS.actionText} {...text('actionText')} />
          <TextField
            label="Action URL"
            hint="https://... or a path such as /pricing"
            maxLength={BANNER_LIMITS.actionUrl}
            inputMode="url"
            {...text('actionUrl')}
            error={errors.actionUrl}
          />
        </div>
        <div className="banner-form-row">
          <DateField withTime label="Start date" hint="Optional" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} />
          <DateField withTime label="End date" hint="Optional" value={form.endDate} onChange={(e) => set('endDate', e.target.value)} error={errors.endDate} />
        </div>
        <SelectField
          label="Target audience"
          options={AUDIENCE_CHOICES}
          value={form.targetAudience}
          onValueChange={(v) => set('targetAudience', v as BannerAudience)}
        />
        <SwitchField label="Active" checked={form.active} onCheckedChange={(v) => set('active', v)} />
        <div className="banner-form-actions">
          <Link className="button button-secondary" to="/admin/banners">
            Cancel
          </Link>
          <Button type="submit" variant="primary" busy={saving} disabled={!canSaveBanner(form)}>
            {id ? 'Save Changes' : 'Create Banner'}
          </Button>
        </div>
      </form>
      <BannerPreview form={form} />
    </div>
  );
}
