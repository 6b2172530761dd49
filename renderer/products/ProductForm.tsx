import type { ReactNode } from 'react';
import type { ProductFormErrors, ProductFormValues } from '../../shared/rules/products/form.js';
import { PRICE_STEP, PRODUCT_CATEGORIES } from '../../shared/rules/products/fields.js';
import { Card } from '../components/Card.js';
import { DateField, NumberField, SelectField, TextField, TextareaField } from '../components/FormFields.js';
import { SwitchField } from '../components/SwitchField.js';
import { ProductImageField } from './ProductImageField.js';

interface Props {
  readonly value: ProductFormValues;
  readonly errors: ProductFormErrors;
  /** Name changes go through here, so the create form can let the slug follow the name. */
  readonly onName: (name: string) => void;
  readonly onChange: (patch: Partial<ProductFormValues>) => void;
}

type TextKey = { [K in keyof ProductFormValues]: ProductFormValues[K] extends string ? K : never }[keyof ProductFormValues];

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((c) => ({ value: c, label: c.charAt(0).toUpperCase() + c.slice(1) }));
const LIST_HINT = 'Comma-separated';

/** A required field's label: the star is visual only, the control itself says required. */
const required = (text: string) => (
  <>
    {text}
    <span aria-hidden="true"> *</span>
  </>
);

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <Card title={title} className="product-section">
      <div className="product-section-grid">{children}</div>
    </Card>
  );
}

/** The product's fields in the spec's sections (create and edit). */
export function ProductForm({ value: v, errors, onName, onChange: set }: Props) {
  const bind = (key: TextKey) => ({
    value: v[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });
  return (
    <div className="product-form">
      <Section title="Basic Information">
        <TextField label={required('Name')} required {...bind('name')} onChange={(e) => onName(e.target.value)} />
        <TextField label={required('Slug')} required {...bind('slug')} />
        <TextField label={required('Company Name')} required {...bind('companyName')} />
        <SelectField label="Category" options={CATEGORY_OPTIONS} value={v.category} error={errors.category} onValueChange={(category) => set({ category })} />
        <TextField label="Short Description" className="field-wide" {...bind('shortDescription')} />
        <TextareaField label={required('Description')} required rows={4} className="field-wide" {...bind('description')} />
      </Section>
      <Section title="Images">
        <ProductImageField
          kind="productImage"
          label="Product Image"
          value={v.productImageUrl}
          error={errors.productImageUrl}
          onChange={(productImageUrl) => set({ productImageUrl })}
        />
        <ProductImageField
          kind="companyLogo"
          label="Company Logo"
          value={v.companyLogoUrl}
          error={errors.companyLogoUrl}
          onChange={(companyLogoUrl) => set({ companyLogoUrl })}
        />
      </Section>
      <Section title="Pricing & Offer">
        <NumberField label="Original Price" step={PRICE_STEP} min={0} {...bind('priceOriginal')} />
        <NumberField label="Discounted Price" step={PRICE_STEP} min={0} {...bind('priceDiscounted')} />
        <NumberField label="Discount Percentage" step={1} min={0} max={100} inputMode="numeric" {...bind('discountPercentage')} />
        <TextareaField label="Offer Description" rows={2} className="field-wide" {...bind('offerDescription')} />
      </Section>
      <Section title="Links">
        <TextField label={required('Affiliate Link')} required type="url" className="field-wide" {...bind('affiliateLink')} />
        <TextField label="Company Website" type="url" {...bind('companyWebsite')} />
        <TextField label="Marketing Site URL" type="url" {...bind('marketingSiteUrl')} />
      </Section>
      <Section title="Metadata">
        <TextField label="Tags" hint={LIST_HINT} {...bind('tags')} />
        <TextField label="Target Audience" hint={LIST_HINT} {...bind('targetAudience')} />
        <TextField label="Benefits" hint={LIST_HINT} className="field-wide" {...bind('benefits')} />
        <TextField label="Conversion Tracking ID" {...bind('conversionTrackingId')} />
        <DateField label="Expires At" withTime {...bind('expiresAt')} />
      </Section>
      <Section title="Settings">
        <SwitchField label="Active" checked={v.isActive} onCheckedChange={(isActive) => set({ isActive })} />
        <SwitchField label="Featured" checked={v.isFeatured} onCheckedChange={(isFeatured) => set({ isFeatured })} />
      </Section>
    </div>
  );
}
