import type { Product } from '#protocol/billing';

/**
 * What the plan-card island (planIsland.ts) hands to the app when it wakes. One module instance per page, shared by
 * the island's chunk and the app's.
 */
export const planIsland: {
  /** The island's products request (the response's `data`, not yet validated): the app's first products query reuses it. */
  request: Promise<unknown> | null;
  /** The products the island validated and rendered, and when they were fetched: the app hydrates its cards from them. */
  rendered: { products: Product[]; at: number } | null;
} = { request: null, rendered: null };
