import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Product } from '../../shared/rules/products/types.js';
import { PRODUCT_MESSAGES } from '../../shared/rules/products/fields.js';
import { formFromProduct } from '../../shared/rules/products/form.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { BackLink, PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { QueryView } from '../components/QueryView.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { notify } from '../components/Toaster.js';
import { ProductForm } from './ProductForm.js';
import { ProductSkeleton } from './ProductSkeleton.js';
import { useProductForm } from './useProductForm.js';

/** /admin/products/edit/{id}: a loading skeleton, the not-found state, the form with Update and Delete. */
export default function EditProductPage() {
  const { id = '' } = useParams();
  const product = useOp('products', 'get', { id }, { refetchOnMount: 'always' });
  return (
    <div className="page product-page">
      <PageHeader title="Edit Product" subtitle={product.data?.data?.name} />
      <QueryView
        query={product}
        loadingLabel="Loading product..."
        skeleton={<ProductSkeleton />}
        isEmpty={(p) => p === null}
        emptyTitle={PRODUCT_MESSAGES.notFound}
        emptyMessage={
          <>
            <p>No product has this id. It may have been deleted.</p>
            <BackLink to="/admin/products" label="Back to Products" />
          </>
        }
      >
        {/* Keyed by the row's version: a fresher answer (another administrator's edit) restarts the form from it. */}
        {(p) => (p ? <ProductEditor key={`${p.id}-${p.updatedAt}`} product={p} readOnly={Boolean(product.data?.offline)} /> : null)}
      </QueryView>
    </div>
  );
}

function ProductEditor({ product, readOnly }: { readonly product: Product; readonly readOnly: boolean }) {
  const navigate = useNavigate();
  const update = useWriteOp('products', 'update');
  const remove = useWriteOp('products', 'delete');
  const form = useProductForm(formFromProduct(product), { slugFollowsName: false });
  const [confirming, setConfirming] = useState(false);
  const back = () => void navigate('/admin/products');

  const submit = form.submitWith((fields) =>
    update.mutate(
      { id: product.id, ...fields },
      {
        onSuccess: () => {
          notify.success(PRODUCT_MESSAGES.updated);
          back();
        },
        onError: (err) => {
          form.serverError(err);
          notify.error(PRODUCT_MESSAGES.errorTitle, PRODUCT_MESSAGES.updateFailed);
        },
      },
    ),
  );
  return (
    <>
      <form className="form" onSubmit={submit} noValidate aria-label="Edit product">
        <ProductForm value={form.value} errors={form.errors} onName={form.onName} onChange={form.onChange} />
        <div className="form-actions product-form-actions">
          <Button variant="danger" onClick={() => setConfirming(true)} className="product-delete" disabled={readOnly}>
            Delete Product
          </Button>
          <Button onClick={back}>Cancel</Button>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={readOnly}>
            Update Product
          </Button>
        </div>
      </form>
      <DeleteConfirm
        target={confirming ? product : null}
        title="Delete Product"
        describe={(p) => `Delete "${p.name}"? This cannot be undone.`}
        confirmLabel="Delete Product"
        run={(p) => remove.mutateAsync({ id: p.id })}
        succeeded={() => {
          notify.success(PRODUCT_MESSAGES.deleted);
          back();
        }}
        failed={(err) => {
          console.error(err);
          notify.error(PRODUCT_MESSAGES.errorTitle, PRODUCT_MESSAGES.deleteFailed);
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
