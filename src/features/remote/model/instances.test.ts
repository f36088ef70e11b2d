import { describe, expect, it } from 'vitest';

import type { Instance } from '#protocol/remote';

import { upsertInstance } from './instances';

const instance = (id: string, hostname = 'box'): Instance => ({
  id,
  platform: 'linux',
  hostname,
  cwd: '/w',
  nodeVersion: 'v22',
  cliVersion: '0.1.0',
  startedAt: '2026-01-01T00:00:00Z',
  online: true,
  lastSeenAt: '2026-01-01T00:00:00Z',
  sessionCount: 0,
});

describe('upsertInstance', () => {
  it('replaces a known instance in place and leaves the input alone', () => {
    const list = [instance('a'), instance('b'), instance('c')];
    const next = upsertInstance(list, instance('b', 'renamed'));
    expect(next.map((i) => [i.id, i.hostname])).toEqual([
      ['a', 'box'],
      ['b', 'renamed'],
      ['c', 'box'],
    ]);
    expect(next[0]).toBe(list[0]);
    expect(list[1]!.hostname).toBe('box');
  });

  it('appends a new instance', () => {
    expect(upsertInstance([instance('a')], instance('z')).map((i) => i.id)).toEqual(['a', 'z']);
    expect(upsertInstance([], instance('z')).map((i) => i.id)).toEqual(['z']);
  });
});
