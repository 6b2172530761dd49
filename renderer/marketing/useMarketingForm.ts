import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { marketingLinkSchema, type MarketingLinkFields, type MarketingLinkForm } from '../../shared/rules/marketing/schema.js';
import { follows, marketingSlug, utmCampaignFor } from '../../shared/rules/marketing/slug.js';
import { numberOrNull } from '../../shared/rules/marketing/form.js';

export type MarketingFormApi = UseFormReturn<MarketingLinkForm, unknown, MarketingLinkFields>;
type NumberName = 'affiliateCommissionPercentage' | 'affiliateCommissionDurationMonths' | 'affiliateMinimumPayout' | 'budgetAmount' | 'targetConversions';

/**
 * The campaign form over the shared schema (the same parse main applies). The slug and utm_campaign follow the
 * name while they are empty or still what the previous name gave; on an existing link the slug follows only
 * while empty, since changing it breaks links already shared.
 */
export function useMarketingForm(initial: MarketingLinkForm, isNew: boolean) {
  const form: MarketingFormApi = useForm<MarketingLinkForm, unknown, MarketingLinkFields>({
    resolver: zodResolver(marketingLinkSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { getValues, setValue, formState } = form;

  const follow = (name: 'slug' | 'utmCampaign', next: string) => {
    if (next === (getValues(name) ?? '')) return;
    setValue(name, next, { shouldDirty: true, shouldValidate: formState.isSubmitted || Boolean(formState.touchedFields[name]) });
  };

  const registered = form.register('campaignName');
  // Before the form takes the new name, getValues still holds the previous one: what the followers compare with.
  const nameField = {
    ...registered,
    onChange: (e: { target: { value: string } }) => {
      const name = e.target.value;
      const prev = getValues('campaignName');
      const slug = getValues('slug');
      follow('slug', isNew ? follows(marketingSlug, prev, name, slug) : slug === '' ? marketingSlug(name) : slug);
      follow('utmCampaign', follows(utmCampaignFor, prev, name, getValues('utmCampaign') ?? ''));
      return registered.onChange(e);
    },
  };

  /** A number input: empty is null (the schema's "not given"). */
  const numberField = (name: NumberName) => {
    // The bounds are the field's own props (numbers); register's are typed string | number and unused here.
    const {
      min: _min,
      max: _max,
      maxLength: _maxLength,
      minLength: _minLength,
      pattern: _pattern,
      required: _required,
      ...rest
    } = form.register(name, { setValueAs: numberOrNull });
    return rest;
  };

  return { form, nameField, numberField };
}
