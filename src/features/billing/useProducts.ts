import { useQuery } from '@tanstack/react-query';

import type { Product } from '#protocol/billing';

import { requestData } from '../../shared/api/http';
import { queryKeys } from '../../shared/api/queryKeys';
import { visibleProducts } from './productLabels';
import { loadBillingSchemas } from './schemas';

export const PRODUCTS_PATH = '/web-api/products';
/** Spec §7 and §9: the plan list is cached for 10 minutes. */
export const PRODUCTS_STALE_MS = 10 * 60 * 1000;

/**
 * The schema module (and zod with it) loads in parallel with the request, so neither sits on the first load of
 * the pages that show plans.
 */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  const [data, { productListSchema }] = await Promise.all([
    // Silent: the cards show their own error with a retry button instead of a toast.
    requestData<unknown>(PRODUCTS_PATH, { silent: true, ...(signal && { signal }) }),
    loadBillingSchemas(),
  ]);
  return productListSchema.parse(data);
}

/** The active plans, validated against the protocol schema. */
export function useProducts() {
  return useQuery({
    queryKey: queryKeys.billing.products(),
    queryFn: ({ signal }) => fetchProducts(signal),
    staleTime: PRODUCTS_STALE_MS,
    select: visibleProducts,
  });
}
