/**
 * `promise`'s value, or `fallback` once `ms` have passed with it still pending. The timer is cleared either way, so a
 * promise that settles first leaves nothing behind to keep the process up. The relay's bounded waits go through it:
 * the readiness probe's database ping, the drain's in-flight events, the close's last commits, an input's hand-over.
 */
export async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<F>((resolve) => (timer = setTimeout(resolve, ms, fallback)))]);
  } finally {
    clearTimeout(timer);
  }
}
