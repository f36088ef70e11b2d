import { describe, expect, it } from 'vitest';

import { BUNDLE_MAX_CHARS, bundleMessages } from './bundles';
import { BUNDLE_MAX_PACKETS, BUNDLE_SEPARATOR } from './wireParser';

const message = (data: string, options?: { compress?: boolean; wsPreEncodedFrame?: unknown }) => ({
  type: 'message',
  data,
  ...(options && { options }),
});

describe('bundleMessages', () => {
  it('merges each run of text messages into one, keeping other packets in their place', () => {
    const ping = { type: 'ping' };
    const binary = { type: 'message', data: Buffer.from([1]) };
    const out = bundleMessages([message('a'), message('b'), ping, message('c'), binary, message('d'), message('e'), message('f')]);
    expect(out).toEqual([
      { type: 'message', data: `a${BUNDLE_SEPARATOR}b`, options: { compress: true } },
      ping,
      message('c'),
      binary,
      { type: 'message', data: ['d', 'e', 'f'].join(BUNDLE_SEPARATOR), options: { compress: true } },
    ]);
  });

  it('leaves a lone message as it is (its pre-encoded frame included), and drops the frame of merged ones', () => {
    const lone = message('x', { wsPreEncodedFrame: ['frame'] });
    expect(bundleMessages([lone])).toEqual([lone]);
    const merged = bundleMessages([lone, message('y', { compress: false })]);
    expect(merged).toEqual([{ type: 'message', data: `x${BUNDLE_SEPARATOR}y`, options: { compress: false } }]);
  });

  it('starts a new bundle before one would pass BUNDLE_MAX_CHARS', () => {
    const big = 'x'.repeat(BUNDLE_MAX_CHARS / 4);
    const out = bundleMessages(Array.from({ length: 10 }, () => message(big)));
    expect(out.map((p) => (p.data as string).split(BUNDLE_SEPARATOR).length)).toEqual([4, 4, 2]);
    expect(out.every((p) => (p.data as string).length <= BUNDLE_MAX_CHARS + 3)).toBe(true);
    // One packet larger than the cap goes alone.
    expect(bundleMessages([message('a'), message('y'.repeat(BUNDLE_MAX_CHARS + 1)), message('b')])).toHaveLength(3);
  });

  it('starts a new bundle after BUNDLE_MAX_PACKETS packets, which the decoder takes', () => {
    const out = bundleMessages(Array.from({ length: 2 * BUNDLE_MAX_PACKETS + 1 }, (_, i) => message(`3/cli,${i}[]`)));
    expect(out.map((p) => (p.data as string).split(BUNDLE_SEPARATOR).length)).toEqual([BUNDLE_MAX_PACKETS, BUNDLE_MAX_PACKETS, 1]);
  });
});
