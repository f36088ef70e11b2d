import { describe, expect, it } from 'vitest';

import { pushPayloadSchema } from '../../../protocol';
import { inQuietHours, payloadFor, triggerFor } from './notifier';

const session = { id: '6f1d8a52-4b0e-4c55-9a39-0f6a0d6b2c11', userId: 'u1', title: 'Fix the login bug' };

describe('push notifier rules', () => {
  it('quiet hours follow the device time zone and may cross midnight', () => {
    const quiet = { start: '22:00', end: '07:00', timeZone: 'Asia/Shanghai' };
    // 15:30 UTC is 23:30 in Shanghai; 23:30 UTC is 07:30 there.
    expect(inQuietHours(quiet, new Date('2026-11-25T15:30:00Z'))).toBe(true);
    expect(inQuietHours(quiet, new Date('2026-11-25T23:30:00Z'))).toBe(false);
    expect(inQuietHours({ start: '09:00', end: '17:00', timeZone: 'UTC' }, new Date('2026-11-25T12:00:00Z'))).toBe(true);
    expect(inQuietHours({ start: '09:00', end: '17:00', timeZone: 'UTC' }, new Date('2026-11-25T17:00:00Z'))).toBe(false);
    expect(inQuietHours(null, new Date())).toBe(false);
  });

  it('maps events to kinds: approvals, finished, failed (error and limit); an interrupt pushes nothing', () => {
    const ask = { type: 'permission_request', requestId: 'r1', toolCallId: 't1', tool: 'run_command', summary: 'x', input: {} } as const;
    expect(triggerFor(session, ask)).toMatchObject({ kind: 'approval', approval: { requestId: 'r1', tool: 'run_command' } });
    expect(triggerFor(session, { type: 'turn_end', reason: 'completed' })?.kind).toBe('turnDone');
    expect(triggerFor(session, { type: 'turn_end', reason: 'error' })?.kind).toBe('turnFailed');
    expect(triggerFor(session, { type: 'turn_end', reason: 'limit' })?.kind).toBe('turnFailed');
    expect(triggerFor(session, { type: 'turn_end', reason: 'interrupted' })).toBeNull();
    expect(triggerFor(session, { type: 'assistant_delta', messageId: 'm', text: 'hi' })).toBeNull();
  });

  it('writes a short payload in the device language, with a tag per session and kind', () => {
    const long = { ...session, title: 'x'.repeat(500) };
    const zh = pushPayloadSchema.parse(payloadFor({ session: long, kind: 'cliOffline' }, 'zh', 0, null));
    expect(zh).toMatchObject({
      kind: 'cliOffline',
      tag: `cliOffline:${session.id}`,
      title: 'CLI 已离线',
      url: `/zh/remote?session=${session.id}`,
    });
    expect(zh.body.length).toBeLessThan(100);
    const en = payloadFor({ session, kind: 'approval', approval: { requestId: 'r1', tool: 'edit_file' } }, 'en', 3, 'tok');
    expect(en).toMatchObject({ title: 'Approval needed', body: 'edit_file in “Fix the login bug” is waiting for you', badge: 3 });
    expect(en.approval).toEqual({ sessionId: session.id, requestId: 'r1', token: 'tok', allowLabel: 'Allow', denyLabel: 'Deny' });
  });
});
