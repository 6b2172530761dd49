import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The products area's screens, by admin route path (see app/route-table.ts). */
export const productsScreens: ScreenMap = {
  products: lazy(() => import('./ProductsPage.js')),
  'products/new': lazy(() => import('./NewProductPage.js')),
  'products/edit/:id': lazy(() => import('./EditProductPage.js')),
};
