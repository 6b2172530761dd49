import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { urlRebaseFor } from '../../services/coaches/avatar-url.js';
import { getProduct, listProducts } from '../../services/products/read.js';
import { createProduct, deleteProduct, setProductActive, updateProduct } from '../../services/products/write.js';
import { reorderProducts } from '../../services/products/order.js';
import { uploadProductImage } from '../../services/products/images.js';

export function productsHandlers(s: AppServices): Handlers['products'] {
  const conn = () => s.connections.current();
  return {
    list: async () => {
      const c = await conn();
      return listProducts(c.service, urlRebaseFor(c));
    },
    get: async ({ id }) => {
      const c = await conn();
      return getProduct(c.service, id, urlRebaseFor(c));
    },
    create: async (fields) => createProduct((await conn()).service, fields),
    update: async ({ id, ...fields }) => updateProduct((await conn()).service, id, fields),
    setActive: async ({ id, isActive }) => setProductActive((await conn()).service, id, isActive),
    delete: async ({ id }) => deleteProduct((await conn()).service, id),
    reorder: async ({ ids }) => reorderProducts((await conn()).service, ids),
    uploadImage: async ({ kind, jpegBase64 }) => {
      const c = await conn();
      return uploadProductImage(c.service, kind, jpegBase64, urlRebaseFor(c));
    },
  };
}
