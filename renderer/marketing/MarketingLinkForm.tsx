import type { MarketingLinkFields, MarketingLinkForm as FormValues } from '../../shared/rules/marketing/schema.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { NumberField, TextareaField } from '../components/FormFields.js';
import { usePublicHost } from '../lib/usePublicHost.js';
import { AffiliateSection } from './AffiliateSection.js';
import { CampaignSections, UtmSection } from './CampaignSections.js';
import { useMarketingForm, type MarketingFormApi } from './useMarketingForm.js';

interface Props {
  readonly initial: FormValues;
  readonly isNew: boolean;
  readonly submitLabel: string;
  readonly busy: boolean;
  /** Called with the parsed fields; the form is passed so a server error can be put on its field. */
  readonly onSave: (fields: MarketingLinkFields, form: MarketingFormApi) => void;
}

/** The five sections of the campaign form (spec 3): information, settings, UTM, affiliate, budget and goals. */
export function MarketingLinkForm({ initial, isNew, submitLabel, busy, onSave }: Props) {
  const api = useMarketingForm(initial, isNew);
  const host = usePublicHost();
  const { form, numberField } = api;
  const e = form.formState.errors;
  return (
    <form
      className="marketing-form"
      noValidate
      onSubmit={(ev) => void form.handleSubmit((fields) => onSave(fields, form))(ev)}
      aria-label={isNew ? 'New marketing campaign' : 'Edit marketing campaign'}
    >
      <CampaignSections api={api} host={host} />
      <UtmSection form={form} />
      <AffiliateSection api={api} />
      <Card title="Budget & Goals (Optional)">
        <div className="marketing-grid">
          <NumberField label="Budget ($)" min={0} step={0.01} error={e.budgetAmount?.message} {...numberField('budgetAmount')} />
          <NumberField label="Target conversions" min={1} step={1} error={e.targetConversions?.message} {...numberField('targetConversions')} />
        </div>
        <TextareaField label="Notes" rows={3} error={e.notes?.message} {...form.register('notes')} />
      </Card>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
