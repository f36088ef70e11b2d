import { describe, expect, it, vi } from 'vitest';

import { loadOnce } from './lazyChunks';

describe('loadOnce (the chat chunks, preloaded while a session opens)', () => {
  it('loads once for the preload and every later render', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'));
    const get = loadOnce(load);
    const first = get();
    expect(get()).toBe(first);
    await expect(first).resolves.toBe('chunk');
    expect(get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load: the next render tries again (offline, or a chunk a deploy replaced)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const get = loadOnce(load as () => Promise<string>);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
