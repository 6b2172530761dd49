import { useWatch } from 'react-hook-form';
import {
  CAMPAIGN_PRIORITIES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  COPIED_MS,
  MARKETING_MESSAGES as M,
  SLUG_MAX,
  marketingLabel,
} from '../../shared/rules/marketing/fields.js';
import { publicLinkUrl } from '../../shared/rules/marketing/slug.js';
import { Card } from '../components/Card.js';
import { FormSelectField } from '../components/FormSelectField.js';
import { CopyButton } from '../components/CopyButton.js';
import { DateField, TextField, TextareaField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import type { MarketingFormApi, useMarketingForm } from './useMarketingForm.js';

const choices = (values: readonly string[]) => values.map((v) => ({ value: v, label: marketingLabel(v) }));

interface Props {
  readonly api: ReturnType<typeof useMarketingForm>;
  readonly host: string;
}

/** Campaign Information (name, slug with the live public-URL preview, description, target) and Campaign Settings. */
export function CampaignSections({ api, host }: Props) {
  const { form, nameField } = api;
  const { register, control, formState } = form;
  const e = formState.errors;
  const [slug, startDate] = useWatch({ control, name: ['slug', 'startDate'] });
  const url = publicLinkUrl(host, slug.trim() || 'your-slug');
  return (
    <>
      <Card title="Campaign Information">
        <div className="marketing-grid">
          <TextField label="Campaign name" required error={e.campaignName?.message} {...nameField} />
          <TextField
            label="Slug"
            required
            maxLength={SLUG_MAX}
            spellCheck={false}
            hint="Lowercase letters, numbers and hyphens; made from the name until you type your own."
            error={e.slug?.message}
            {...register('slug')}
          />
        </div>
        <div className="marketing-preview" data-testid="marketing-preview">
          <span>Public link: </span>
          <code data-testid="marketing-preview-url">{url}</code>
          {slug.trim() ? (
            <CopyButton
              text={url}
              label="Copy URL"
              copiedMs={COPIED_MS}
              onCopied={() => notify.success(M.urlCopied)}
              onFailed={() => notify.error(M.copyUrlFailed)}
            />
          ) : null}
        </div>
        <TextareaField label="Description" rows={3} error={e.campaignDescription?.message} {...register('campaignDescription')} />
        <TextField
          label="Target URL"
          hint="Where the link leads: a path on the site such as /pricing, or a full address."
          error={e.targetUrl?.message}
          {...register('targetUrl')}
        />
      </Card>
      <Card title="Campaign Settings">
        <div className="marketing-grid">
          <FormSelectField
            control={control}
            name="campaignType"
            label="Campaign type"
            required
            options={choices(CAMPAIGN_TYPES)}
            error={e.campaignType?.message}
          />
          <FormSelectField control={control} name="status" label="Status" options={choices(CAMPAIGN_STATUSES)} error={e.status?.message} />
          <FormSelectField control={control} name="priority" label="Priority" options={choices(CAMPAIGN_PRIORITIES)} error={e.priority?.message} />
          <DateField label="Start date" required error={e.startDate?.message} {...register('startDate')} />
          <DateField label="End date" hint="Optional" min={startDate || undefined} error={e.endDate?.message} {...register('endDate')} />
        </div>
      </Card>
    </>
  );
}

/** UTM Parameters: added to each visit so analytics tools can tell campaigns apart. */
export function UtmSection({ form }: { readonly form: MarketingFormApi }) {
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <Card title="UTM Parameters">
      <div className="marketing-grid">
        <TextField label="UTM source" placeholder="instagram" error={e.utmSource?.message} {...register('utmSource')} />
        <TextField label="UTM medium" placeholder="social" error={e.utmMedium?.message} {...register('utmMedium')} />
        <TextField label="UTM campaign" hint="Follows the campaign name until you type your own." error={e.utmCampaign?.message} {...register('utmCampaign')} />
        <TextField label="UTM content" error={e.utmContent?.message} {...register('utmContent')} />
        <TextField label="UTM term" error={e.utmTerm?.message} {...register('utmTerm')} />
      </div>
    </Card>
  );
}
