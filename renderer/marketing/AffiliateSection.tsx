import { Controller, useWatch } from 'react-hook-form';
import { PAYOUT_METHODS, marketingLabel } from '../../shared/rules/marketing/fields.js';
import { Card } from '../components/Card.js';
import { FormSelectField } from '../components/FormSelectField.js';
import { CheckboxField, NumberField, TextField, TextareaField } from '../components/FormFields.js';
import { SwitchField } from '../components/SwitchField.js';
import type { useMarketingForm } from './useMarketingForm.js';

/**
 * Affiliate Settings: shown when affiliate tracking is on. Perpetual clears and hides the months; the block's
 * values are kept while it is off but saved cleared (the schema's output).
 */
export function AffiliateSection({ api }: { readonly api: ReturnType<typeof useMarketingForm> }) {
  const { form, numberField } = api;
  const { register, control, setValue, formState } = form;
  const e = formState.errors;
  const [on, perpetual] = useWatch({ control, name: ['isAffiliateLink', 'affiliateCommissionDurationPerpetual'] });
  return (
    <Card title="Affiliate Settings">
      <Controller
        control={control}
        name="isAffiliateLink"
        render={({ field }) => (
          <SwitchField
            label="Enable affiliate tracking"
            hint="Pay a partner a commission on the payments of the customers this link brings."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      {on ? (
        <div className="marketing-grid" data-testid="affiliate-fields">
          <NumberField
            label="Commission percentage"
            required
            min={0}
            max={100}
            step={0.01}
            hint="0 to 100, up to 2 decimals."
            error={e.affiliateCommissionPercentage?.message}
            {...numberField('affiliateCommissionPercentage')}
          />
          <div className="marketing-duration">
            <Controller
              control={control}
              name="affiliateCommissionDurationPerpetual"
              render={({ field }) => (
                <CheckboxField
                  label="Perpetual commission (for as long as the customer pays)"
                  name={field.name}
                  checked={field.value === true}
                  onCheckedChange={(c) => {
                    field.onChange(c);
                    // Perpetual clears the months (saved cleared by the schema too).
                    if (c) setValue('affiliateCommissionDurationMonths', null, { shouldValidate: formState.isSubmitted });
                  }}
                />
              )}
            />
            {perpetual ? null : (
              <NumberField
                label="Commission duration (months)"
                required
                min={1}
                step={1}
                error={e.affiliateCommissionDurationMonths?.message}
                {...numberField('affiliateCommissionDurationMonths')}
              />
            )}
          </div>
          <TextField label="Affiliate email" type="email" autoComplete="off" error={e.affiliateEmail?.message} {...register('affiliateEmail')} />
          <TextField label="Affiliate contact name" error={e.affiliateContactName?.message} {...register('affiliateContactName')} />
          <FormSelectField
            control={control}
            name="affiliatePayoutMethod"
            label="Payout method"
            options={PAYOUT_METHODS.map((m) => ({ value: m, label: marketingLabel(m) }))}
            error={e.affiliatePayoutMethod?.message}
          />
          <NumberField label="Minimum payout ($)" min={0} step={0.01} error={e.affiliateMinimumPayout?.message} {...numberField('affiliateMinimumPayout')} />
          <TextareaField label="Affiliate notes" rows={2} className="marketing-wide" error={e.affiliateNotes?.message} {...register('affiliateNotes')} />
        </div>
      ) : null}
    </Card>
  );
}
