import { Link } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
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
      <QueryView query={list} loadingLabel="Loading products..." isEmpty={(d) => d.length === 0} emptyTitle="No products yet">
        {(products) => <ProductOrderList products={products} readOnly={Boolean(list.data?.offline)} />}
      </QueryView>
    </div>
  );
}
