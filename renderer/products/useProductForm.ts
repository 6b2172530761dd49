import { useState, type FormEvent } from 'react';
import type { ProductFields } from '../../shared/rules/products/types.js';
import { PRODUCT_MESSAGES } from '../../shared/rules/products/fields.js';
import { checkProductForm, nextSlug, type ProductFormErrors, type ProductFormValues } from '../../shared/rules/products/form.js';
import type { OpError } from '../api/hooks.js';
import { notify } from '../components/Toaster.js';

/**
 * The state of a product form: values, field errors, and a submit that checks the form first (the required
 * fields toast 'Validation Error: Please fill in all required fields.') and hands the fields to `save`.
 */
export function useProductForm(initial: ProductFormValues, { slugFollowsName }: { readonly slugFollowsName: boolean }) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<ProductFormErrors>({});

  const onChange = (patch: Partial<ProductFormValues>) => {
    setValue((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as (keyof ProductFormValues)[]) delete next[key];
      return next;
    });
  };
  const onName = (name: string) =>
    setValue((v) => {
      const slug = slugFollowsName ? nextSlug(v.name, name, v.slug) : v.slug;
      setErrors((e) => ({ ...e, name: undefined, ...(slug ? { slug: undefined } : {}) }));
      return { ...v, name, slug };
    });

  const submitWith = (save: (fields: ProductFields) => void) => (e: FormEvent) => {
    e.preventDefault();
    const check = checkProductForm(value);
    if (!check.ok) {
      setErrors(check.errors);
      if (check.missingRequired) notify.error(PRODUCT_MESSAGES.validationTitle, PRODUCT_MESSAGES.requiredFields);
      return;
    }
    setErrors({});
    save(check.fields);
  };

  /** A slug taken by another product is shown on the slug field as well as in the toast. */
  const serverError = (err: OpError) => {
    console.error(err);
    if (err.code === 'CONFLICT') setErrors((e) => ({ ...e, slug: err.message }));
  };

  return { value, errors, onChange, onName, submitWith, serverError };
}
