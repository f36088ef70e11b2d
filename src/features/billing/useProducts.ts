import { useQuery } from '@tanstack/react-query';

import type { Product } from '#protocol/billing';

import { requestData } from '../../shared/api/http';
import { queryKeys } from '../../shared/api/queryKeys';
import { planIsland } from './island/state';
import { visibleProducts } from './productLabels';
import { loadBillingSchemas } from './schemas';

export const PRODUCTS_PATH = '/web-api/products';
/** Spec §7 and §9: the plan list is cached for 10 minutes. */
export const PRODUCTS_STALE_MS = 10 * 60 * 1000;

/**
 * The schema module (and zod with it) loads in parallel with the request, so neither sits on the first load of
 * the pages that show plans. The first call reuses the plan-card island's request when the app woke while it was
 * under way (island/planIsland.ts), so a page asks for the plans once; if that request failed, it asks again here,
 * through the app's client and its error rules.
 */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  // Silent: the cards show their own error with a retry button instead of a toast.
  const ask = () => requestData<unknown>(PRODUCTS_PATH, { silent: true, ...(signal && { signal }) });
  const handed = planIsland.request;
  planIsland.request = null;
  const [data, { productListSchema }] = await Promise.all([handed ? handed.catch(ask) : ask(), loadBillingSchemas()]);
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
