import type { Instance } from '#protocol/remote';

/** The instance list with `instance` replaced in place, or appended when it is new. */
export function upsertInstance(instances: readonly Instance[], instance: Instance): readonly Instance[] {
  const found = instances.some((i) => i.id === instance.id);
  return found ? instances.map((i) => (i.id === instance.id ? instance : i)) : [...instances, instance];
}
