import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Product } from '../../shared/types/product.js';
import { PRODUCT_MESSAGES } from '../../shared/rules/products/fields.js';
import { formFromProduct } from '../../shared/rules/products/form.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { CenteredMessage } from '../components/CenteredMessage.js';
import { ErrorState, OfflineNotice } from '../components/States.js';
import { notify } from '../components/Toaster.js';
import { ConfirmDialog } from '../versions/ConfirmDialog.js';
import { ProductForm } from './ProductForm.js';
import { ProductSkeleton } from './ProductSkeleton.js';
import { useProductForm } from './useProductForm.js';

/** /admin/products/edit/{id}: a loading skeleton, the not-found state, the form with Update and Delete. */
export default function EditProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Fresh data before the form starts from it: a kept answer may be older than another administrator's edit.
  const product = useOp('products', 'get', { id }, { refetchOnMount: 'always' });
  if (product.isPending || (!product.isFetchedAfterMount && !product.isError)) return <ProductSkeleton />;
  if (product.isError) return <ErrorState message={product.error.message} onRetry={() => void product.refetch()} />;
  const data = product.data.data;
  if (!data) {
    return (
      <CenteredMessage>
        <h1>{PRODUCT_MESSAGES.notFound}</h1>
        <p>No product has this id. It may have been deleted.</p>
        <Button onClick={() => void navigate('/admin/products')}>Back to Products</Button>
      </CenteredMessage>
    );
  }
  return (
    <>
      {product.data.offline ? <OfflineNotice fetchedAt={product.data.offline.fetchedAt} /> : null}
      <ProductEditor key={data.id} product={data} />
    </>
  );
}

function ProductEditor({ product }: { readonly product: Product }) {
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
  const confirmDelete = () =>
    remove.mutate(
      { id: product.id },
      {
        onSuccess: () => {
          setConfirming(false);
          notify.success(PRODUCT_MESSAGES.deleted);
          back();
        },
        onError: (err) => {
          console.error(err);
          setConfirming(false);
          notify.error(PRODUCT_MESSAGES.errorTitle, PRODUCT_MESSAGES.deleteFailed);
        },
      },
    );

  return (
    <div className="page product-page">
      <PageHeader title="Edit Product" subtitle={product.name} />
      <form className="form" onSubmit={submit} noValidate aria-label="Edit product">
        <ProductForm value={form.value} errors={form.errors} onName={form.onName} onChange={form.onChange} />
        <div className="form-actions product-form-actions">
          <Button variant="danger" onClick={() => setConfirming(true)} className="product-delete">
            Delete Product
          </Button>
          <Button onClick={back}>Cancel</Button>
          <Button type="submit" variant="primary" busy={update.isPending}>
            Update Product
          </Button>
        </div>
      </form>
      <ConfirmDialog open={confirming} title="Delete Product" confirmLabel="Delete Product" danger busy={remove.isPending} onConfirm={confirmDelete} onCancel={() => setConfirming(false)}>
        <p>Delete “{product.name}”? This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
