import v8 from 'node:v8';

/**
 * This thread's young generation as committed (V8's new space, both semi-spaces): part of the process's RSS. Under load
 * it grows up to twice `--max-semi-space-size` (scripts/relayNodeFlags.mjs), a size per process rather than per
 * connection, until V8's memory reducer gives it back; the memory bench reports RSS per pair with and without it.
 */
export function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}
