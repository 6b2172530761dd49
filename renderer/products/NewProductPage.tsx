import { useNavigate } from 'react-router-dom';
import { PRODUCT_MESSAGES } from '../../shared/rules/products/fields.js';
import { emptyProductForm } from '../../shared/rules/products/form.js';
import { useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';
import { ProductForm } from './ProductForm.js';
import { useProductForm } from './useProductForm.js';

/** /admin/products/new: the form with the slug following the name; back to the list when created. */
export default function NewProductPage() {
  const navigate = useNavigate();
  const create = useWriteOp('products', 'create');
  const form = useProductForm(emptyProductForm(), { slugFollowsName: true });
  const back = () => void navigate('/admin/products');

  const submit = form.submitWith((fields) =>
    create.mutate(fields, {
      onSuccess: () => {
        notify.success(PRODUCT_MESSAGES.created);
        back();
      },
      onError: (err) => {
        form.serverError(err);
        notify.error(PRODUCT_MESSAGES.errorTitle, PRODUCT_MESSAGES.createFailed);
      },
    }),
  );

  return (
    <div className="page product-page">
      <PageHeader title="Add New Product" subtitle="A partner product with its offer and affiliate link" />
      <form className="form" onSubmit={submit} noValidate aria-label="New product">
        <ProductForm value={form.value} errors={form.errors} onName={form.onName} onChange={form.onChange} />
        <div className="form-actions product-form-actions">
          <Button onClick={back}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create Product
          </Button>
        </div>
      </form>
    </div>
  );
}
