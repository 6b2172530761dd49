import { Link } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { EmptyState, ErrorState, OfflineNotice, Spinner } from '../components/States.js';
import { ProductOrderList } from './ProductOrderList.js';

/** /admin/products: every product in display order, reordered by drag, with its active switch. */
export default function ProductsPage() {
  const list = useOp('products', 'list', {});
  return (
    <div className="page product-page">
      <PageHeader
        title="Product Management"
        subtitle="Drag a product by its handle to change the display order (keyboard: focus the handle, Space, arrows, Space)."
        actions={
          <Link className="button button-primary" to="/admin/products/new">
            Add Product
          </Link>
        }
      />
      {list.isPending ? (
        <Spinner label="Loading products..." />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.offline ? <OfflineNotice fetchedAt={list.data.offline.fetchedAt} /> : null}
          {list.data.data.length === 0 ? <EmptyState title="No products yet" /> : <ProductOrderList products={list.data.data} readOnly={Boolean(list.data.offline)} />}
        </>
      )}
    </div>
  );
}
