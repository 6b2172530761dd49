import { useOp } from '../api/hooks.js';
import { DEFAULT_PRODUCT_NAME } from '../../shared/rules/profiles/types.js';

/** {product}: the connection profile's product name (coach type value and badge). */
export function useProductName(): string {
  const info = useOp('app', 'info', {});
  return info.data?.data.profile.productName ?? DEFAULT_PRODUCT_NAME;
}
