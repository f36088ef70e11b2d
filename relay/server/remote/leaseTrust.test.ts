import { describe, expect, it } from 'vitest';

import { createLeaseTrust } from './leaseTrust';

describe('lease trust', () => {
  const clock = () => {
    let t = 1_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('trusts a confirmed lease for the trust window only', () => {
    const c = clock();
    const trust = createLeaseTrust(c.now, 1_000);
    expect(trust.trusted('i1', 's1')).toBe(false);
    trust.remember('i1', 's1');
    expect(trust.trusted('i1', 's1')).toBe('fresh');
    expect(trust.trusted('i1', 's2')).toBe(false);
    expect(trust.trusted('i2', 's1')).toBe(false);
    c.advance(499);
    expect(trust.trusted('i1', 's1')).toBe('fresh');
    c.advance(1);
    expect(trust.trusted('i1', 's1')).toBe('stale');
    c.advance(499);
    expect(trust.trusted('i1', 's1')).toBe('stale');
    c.advance(1);
    expect(trust.trusted('i1', 's1')).toBe(false);
    trust.remember('i1', 's1');
    expect(trust.trusted('i1', 's1')).toBe('fresh');
  });

  it('forgets every window of an instance that was attached or detached', () => {
    const trust = createLeaseTrust(clock().now);
    trust.remember('i1', 's1');
    trust.remember('i1', 's2');
    trust.remember('i2', 's1');
    trust.forgetInstance('i1');
    expect(trust.trusted('i1', 's1')).toBe(false);
    expect(trust.trusted('i1', 's2')).toBe(false);
    expect(trust.trusted('i2', 's1')).toBe('fresh');
    trust.forgetSocket('s1');
    expect(trust.trusted('i2', 's1')).toBe(false);
    expect(trust.size()).toBe(0);
  });

  it('forgets a closed socket and keeps nothing behind', () => {
    const trust = createLeaseTrust(clock().now);
    trust.remember('i1', 's1');
    trust.remember('i2', 's1');
    trust.remember('i2', 's2');
    trust.forgetSocket('s1');
    expect(trust.trusted('i1', 's1')).toBe(false);
    expect(trust.trusted('i2', 's2')).toBe('fresh');
    expect(trust.size()).toBe(1);
  });

  it('keeps no entry for lapsed trust: a check or the sweep drops it', () => {
    const c = clock();
    const trust = createLeaseTrust(c.now, 1_000);
    trust.remember('i1', 's1');
    trust.remember('i2', 's2');
    trust.remember('i3', 's2');
    c.advance(999);
    trust.sweep();
    expect(trust.size()).toBe(2);
    c.advance(1);
    expect(trust.trusted('i1', 's1')).toBe(false);
    expect(trust.size()).toBe(1);
    trust.remember('i3', 's2');
    trust.sweep();
    expect(trust.trusted('i2', 's2')).toBe(false);
    expect(trust.trusted('i3', 's2')).toBe('fresh');
    c.advance(1_000);
    trust.sweep();
    expect(trust.size()).toBe(0);
  });
});
