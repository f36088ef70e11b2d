import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { INPUT_REFUSED, inputRefusedSchema } from './inputNotices';
import { webPushSchemas } from './remoteEvents';
import { sessionEventsSchema, sessionJoinSchema, storedNoticeSchema } from './sessionEvents';
import { isPlain } from './text';

const SID = '00000000-0000-4000-8000-0000000000bb';
const EID = '00000000-0000-4000-8000-000000000001';

describe('input notices (schemas)', () => {
  it('a stored notice may name the input it answers; and the join asks for input notices', () => {
    const own = { eventId: EID, seq: 3, at: '2026-11-29T10:00:00.000Z', clientMsgId: 'c-1' };
    expect(storedNoticeSchema.parse(own)).toEqual(own);
    expect(sessionEventsSchema.safeParse({ sessionId: SID, events: [], notices: [own] }).success).toBe(true);
    expect(storedNoticeSchema.safeParse({ ...own, clientMsgId: '' }).success).toBe(false);
    expect(storedNoticeSchema.safeParse({ ...own, clientMsgId: 'x'.repeat(201) }).success).toBe(false);
    expect(sessionJoinSchema.parse({ sessionId: SID, afterSeq: 0, inputNotices: true }).inputNotices).toBe(true);
    expect(sessionJoinSchema.safeParse({ sessionId: SID, afterSeq: 0, inputNotices: 'yes' }).success).toBe(false);
  });

  it('session:refused carries the ids and a protocol error, and is a /web push', () => {
    const refused = { sessionId: SID, clientMsgId: 'c-1', error: { code: 'NOT_ATTACHED', message: 'Attach first' } };
    expect(inputRefusedSchema.parse(refused)).toEqual(refused);
    expect(inputRefusedSchema.safeParse({ ...refused, error: { code: 'NOPE', message: '' } }).success).toBe(false);
    expect(inputRefusedSchema.safeParse({ sessionId: SID, error: refused.error }).success).toBe(false);
    expect(webPushSchemas[INPUT_REFUSED]).toBe(inputRefusedSchema);
  });

  it('fuzz: a clientMsgId that passes, in a notice or a refusal, holds nothing storage refuses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.anything()), (clientMsgId) => {
        for (const parsed of [
          storedNoticeSchema.safeParse({ eventId: EID, seq: 1, clientMsgId }),
          inputRefusedSchema.safeParse({ sessionId: SID, clientMsgId, error: { code: 'INTERNAL', message: 'x' } }),
        ]) {
          // (A notice without one is any other notice.)
          if (!parsed.success || parsed.data.clientMsgId === undefined) continue;
          const id = parsed.data.clientMsgId;
          expect(id.length).toBeGreaterThanOrEqual(1);
          expect(id.length).toBeLessThanOrEqual(200);
          expect(isPlain(id)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
