import type { ReactNode } from 'react';
import type { ProductFormErrors, ProductFormValues } from '../../shared/rules/products/form.js';
import { PRICE_STEP, PRODUCT_CATEGORIES } from '../../shared/rules/products/fields.js';
import { Card } from '../components/Card.js';
import { CheckboxField, NumberField, SelectField, TextField, TextareaField, DateField } from './form-fields.js';
import { ProductImageField } from './ProductImageField.js';

interface Props {
  readonly value: ProductFormValues;
  readonly errors: ProductFormErrors;
  /** Name changes go through here, so the create form can let the slug follow the name. */
  readonly onName: (name: string) => void;
  readonly onChange: (patch: Partial<ProductFormValues>) => void;
}

const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);
const LIST_HINT = 'Comma-separated';

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <Card title={title} className="product-section">
      <div className="product-section-grid">{children}</div>
    </Card>
  );
}

/** The product's fields in the spec's sections (create and edit). Required fields are marked. */
export function ProductForm({ value: v, errors, onName, onChange: set }: Props) {
  const text = (key: keyof ProductFormValues) => ({
    value: String(v[key]),
    error: errors[key],
    onChange: (next: string) => set({ [key]: next }),
  });
  return (
    <div className="product-form">
      <Section title="Basic Information">
        <TextField label="Name" required {...text('name')} onChange={onName} />
        <TextField label="Slug" required {...text('slug')} hint="Used in the product's address" />
        <TextField label="Company Name" required {...text('companyName')} />
        <SelectField label="Category" {...text('category')} options={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))} />
        <TextField label="Short Description" {...text('shortDescription')} wide />
        <TextareaField label="Description" required {...text('description')} rows={4} wide />
      </Section>
      <Section title="Images">
        <ProductImageField kind="productImage" label="Product Image" value={v.productImageUrl} onChange={(productImageUrl) => set({ productImageUrl })} />
        <ProductImageField kind="companyLogo" label="Company Logo" value={v.companyLogoUrl} onChange={(companyLogoUrl) => set({ companyLogoUrl })} />
      </Section>
      <Section title="Pricing & Offer">
        <NumberField label="Original Price" {...text('priceOriginal')} step={PRICE_STEP} min={0} />
        <NumberField label="Discounted Price" {...text('priceDiscounted')} step={PRICE_STEP} min={0} />
        <NumberField label="Discount Percentage" {...text('discountPercentage')} step={1} min={0} max={100} />
        <TextareaField label="Offer Description" {...text('offerDescription')} rows={2} wide />
      </Section>
      <Section title="Links">
        <TextField label="Affiliate Link" required type="url" {...text('affiliateLink')} wide />
        <TextField label="Company Website" type="url" {...text('companyWebsite')} />
        <TextField label="Marketing Site URL" type="url" {...text('marketingSiteUrl')} />
      </Section>
      <Section title="Metadata">
        <TextField label="Tags" hint={LIST_HINT} {...text('tags')} />
        <TextField label="Target Audience" hint={LIST_HINT} {...text('targetAudience')} />
        <TextField label="Benefits" hint={LIST_HINT} {...text('benefits')} wide />
        <TextField label="Conversion Tracking ID" {...text('conversionTrackingId')} />
        <DateField label="Expires At" {...text('expiresAt')} />
      </Section>
      <Section title="Settings">
        <CheckboxField label="Active" checked={v.isActive} onChange={(isActive) => set({ isActive })} />
        <CheckboxField label="Featured" checked={v.isFeatured} onChange={(isFeatured) => set({ isFeatured })} />
      </Section>
    </div>
  );
}
