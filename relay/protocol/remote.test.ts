import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { pairingCodeSchema, pairingPollDataSchema } from './pairing';
import {
  CLI_EVENTS,
  cliHelloAckSchema,
  cliHelloSchema,
  cliInboundSchemas,
  cliSessionEventSchema,
  commandsTakenSchema,
  FILE_DIFF_MAX_CHARS,
  handshakeErrorCodes,
  handshakeErrorDataSchema,
  instanceAttachAckSchema,
  pendingInputSchema,
  permissionRequestBodySchema,
  sessionEventSchema,
  sessionJoinSchema,
  storedNoticeSchema,
  WEB_EVENTS,
  webInboundSchemas,
  webSessionInputSchema,
} from './remote';
import { forwardedCommandSchema } from './remoteEvents';
import { isPlain } from './text';

const sid = '6f1d8a52-4b0e-4c55-9a39-0f6a0d6b2c11';
const iid = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const eid = '3e2c0c64-7a1f-4e8e-8d8e-7c1b9a4f5d21';
const now = new Date().toISOString();

const env = {
  platform: 'linux',
  hostname: 'devbox',
  cwd: '/home/me/project',
  nodeVersion: 'v22.1.0',
  cliVersion: '0.1.0',
  startedAt: now,
};

describe('remote protocol', () => {
  it('parses every session event body type', () => {
    const bodies = [
      { type: 'user_message', clientMsgId: 'm1', text: 'hi' },
      { type: 'assistant_delta', messageId: 'a1', text: 'He' },
      { type: 'assistant_message', messageId: 'a1', text: 'Hello' },
      { type: 'tool_call', toolCallId: 't1', name: 'bash', title: 'ls', input: { cmd: 'ls' }, status: 'executing' },
      { type: 'tool_call', toolCallId: 't1', name: 'bash', title: 'ls', input: null, status: 'completed', output: 'x' },
      { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: 'a\n' },
      { type: 'file_diff', toolCallId: 't1', path: 'src/a.ts', oldText: 'a', newText: 'b' },
      { type: 'todo_list', items: [{ id: '1', content: 'do it', status: 'in_progress' }] },
      { type: 'subagent', agentId: 's1', parentToolCallId: 't1', title: 'explore', status: 'running' },
      { type: 'setup_step', stepId: 'node', title: 'Node', status: 'done' },
      { type: 'permission_request', requestId: 'p1', toolCallId: 't1', tool: 'bash', summary: 'rm', input: {} },
      { type: 'permission_response', requestId: 'p1', decision: 'allow', scope: 'session' },
      { type: 'turn_end', reason: 'completed' },
      { type: 'error', code: 'MODEL', message: 'boom' },
      { type: 'notice', level: 'info', text: '/help' },
    ];
    for (const body of bodies) {
      expect(sessionEventSchema.safeParse({ sessionId: sid, seq: 1, eventId: eid, at: now, body }).success).toBe(true);
    }
  });

  it('rejects unknown body types, bad enums, seq 0 and non-uuid ids', () => {
    const base = { sessionId: sid, seq: 1, eventId: eid, at: now };
    expect(sessionEventSchema.safeParse({ ...base, body: { type: 'nope' } }).success).toBe(false);
    expect(sessionEventSchema.safeParse({ ...base, body: { type: 'turn_end', reason: 'x' } }).success).toBe(false);
    expect(sessionEventSchema.safeParse({ ...base, seq: 0, body: { type: 'turn_end', reason: 'error' } }).success).toBe(false);
    expect(cliSessionEventSchema.safeParse({ sessionId: 'abc', eventId: eid, body: { type: 'turn_end', reason: 'error' } }).success).toBe(
      false,
    );
    expect(cliSessionEventSchema.safeParse('garbage').success).toBe(false);
    expect(cliSessionEventSchema.safeParse(null).success).toBe(false);
  });

  it('parses cli:hello and its ack with pending inputs', () => {
    expect(cliHelloSchema.safeParse({ env, sessions: [{ id: sid, title: 't', createdAt: now }] }).success).toBe(true);
    expect(cliHelloSchema.safeParse({ env: { ...env, cwd: '' }, sessions: [] }).success).toBe(false);
    const ack = cliHelloAckSchema.parse({
      ok: true,
      instance: { ...env, id: iid, online: true, lastSeenAt: now, sessionCount: 1 },
      sessions: [{ id: sid, lastSeq: 3, autoApprove: false }],
      pendingInputs: [{ type: 'session:input', commandId: eid, payload: { sessionId: sid, clientMsgId: 'c1', text: 'go' } }],
    });
    expect(ack.ok).toBe(true);
    expect(pendingInputSchema.safeParse({ type: 'session:input', commandId: eid, payload: { sessionId: sid } }).success).toBe(false);
  });

  it('parses error acks with the workspace holder and rejects unknown codes', () => {
    expect(
      instanceAttachAckSchema.safeParse({
        ok: false,
        error: { code: 'WORKSPACE_BUSY', message: 'busy', holder: { since: now } },
      }).success,
    ).toBe(true);
    expect(instanceAttachAckSchema.safeParse({ ok: false, error: { code: 'NOPE', message: 'x' } }).success).toBe(false);
  });

  it('validates web inputs', () => {
    expect(webSessionInputSchema.safeParse({ sessionId: sid, clientMsgId: 'c1', text: 'hello' }).success).toBe(true);
    expect(webSessionInputSchema.safeParse({ sessionId: sid, text: 'hello' }).success).toBe(false);
    expect(sessionJoinSchema.safeParse({ sessionId: sid, afterSeq: -1 }).success).toBe(false);
    expect(sessionJoinSchema.safeParse({ sessionId: sid, afterSeq: 0 }).success).toBe(true);
    expect(Object.keys(webInboundSchemas)).toEqual(Object.values(WEB_EVENTS));
    expect(CLI_EVENTS.hello).toBe('cli:hello');
  });

  it('carries codes and params on notices and errors, and agentId on nested tool events', () => {
    const base = { sessionId: sid, seq: 1, eventId: eid, at: now };
    const ok = (body: unknown) => sessionEventSchema.safeParse({ ...base, body }).success;
    expect(ok({ type: 'notice', level: 'info', text: 'Ready', code: 'cli.ready', params: { cwd: '/p', model: 'm' } })).toBe(true);
    expect(ok({ type: 'notice', level: 'info', text: 'Stats', code: 'cli.stats', params: { requests: 2, inputTokens: 10 } })).toBe(true);
    expect(ok({ type: 'error', code: 'MODEL_ERROR', message: 'boom', params: { status: 500 } })).toBe(true);
    // params are flat strings or numbers; codes are bounded
    expect(ok({ type: 'notice', level: 'info', text: 'x', code: 'cli.ready', params: { nested: { a: 1 } } })).toBe(false);
    expect(ok({ type: 'notice', level: 'info', text: 'x', code: 'c'.repeat(101) })).toBe(false);
    expect(ok({ type: 'notice', level: 'info', text: 'x', code: '' })).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    expect(ok({ type: 'notice', level: 'info', text: 'x', params: many })).toBe(false);
    const agentId = 'agent-1';
    expect(ok({ type: 'tool_call', toolCallId: 't1', agentId, name: 'read_file', title: 'Read', input: {}, status: 'executing' })).toBe(
      true,
    );
    expect(ok({ type: 'tool_output', toolCallId: 't1', agentId, stream: 'stdout', chunk: 'a' })).toBe(true);
    expect(ok({ type: 'file_diff', toolCallId: 't1', agentId, path: 'a', oldText: '', newText: 'b' })).toBe(true);
    expect(
      ok({ type: 'permission_request', requestId: 'p1', toolCallId: 't1', agentId, tool: 'run_command', summary: 's', input: {} }),
    ).toBe(true);
    expect(ok({ type: 'tool_output', toolCallId: 't1', agentId: '', stream: 'stdout', chunk: 'a' })).toBe(false);
  });

  it('takes an optional preview on permission_request: a diff, a command with its directory, or a URL', () => {
    const req = { type: 'permission_request', requestId: 'p1', toolCallId: 't1', tool: 'edit_file', summary: 's', input: {} };
    const parse = (preview: unknown) => permissionRequestBodySchema.safeParse({ ...req, preview });
    expect(parse({ kind: 'diff', path: 'a.txt', oldText: 'a', newText: 'b', created: false }).success).toBe(true);
    expect(parse({ kind: 'command', command: 'ls -la', cwd: '/home/me/project' }).success).toBe(true);
    expect(parse({ kind: 'url', url: 'https://example.com/' }).success).toBe(true);
    expect(permissionRequestBodySchema.safeParse(req).success).toBe(true);
    // Free text keeps NUL visible; a URL with a control character, an empty path, an unknown kind or oversize text is refused.
    expect(parse({ kind: 'command', command: 'echo \u0000', cwd: '/p' })).toMatchObject({ data: { preview: { command: 'echo \u2400' } } });
    expect(parse({ kind: 'url', url: 'https://example.com/\u0007' }).success).toBe(false);
    expect(parse({ kind: 'diff', path: '', oldText: '', newText: 'b' }).success).toBe(false);
    expect(parse({ kind: 'delete', path: 'a.txt' }).success).toBe(false);
    expect(parse({ kind: 'diff', path: 'a', oldText: '', newText: 'x'.repeat(FILE_DIFF_MAX_CHARS + 1) }).success).toBe(false);
    expect(parse({ kind: 'command', command: 'ls' }).success).toBe(false);
  });

  it('lists the handshake error codes and the commands:taken event', () => {
    expect(handshakeErrorCodes).toEqual(['UNAUTHORIZED', 'ORIGIN_NOT_ALLOWED', 'BAD_HANDSHAKE', 'PROTOCOL_VERSION', 'INTERNAL']);
    expect(handshakeErrorDataSchema.safeParse({ code: 'PROTOCOL_VERSION' }).success).toBe(true);
    expect(handshakeErrorDataSchema.safeParse({ code: 'NOPE' }).success).toBe(false);
    expect(Object.keys(cliInboundSchemas)).toEqual(Object.values(CLI_EVENTS));
    expect(commandsTakenSchema.safeParse({ commandIds: [eid] }).success).toBe(true);
    expect(commandsTakenSchema.safeParse({ commandIds: ['x'] }).success).toBe(false);
  });

  it('normalises pairing codes and parses poll answers', () => {
    expect(pairingCodeSchema.parse('abcd2345')).toBe('ABCD-2345');
    expect(pairingCodeSchema.safeParse('ABCD-0000').success).toBe(false);
    expect(pairingPollDataSchema.safeParse({ status: 'approved', cliToken: 'tern_cli_x', user: { id: '1', username: 'u' } }).success).toBe(
      true,
    );
    expect(pairingPollDataSchema.safeParse({ status: 'approved' }).success).toBe(false);
  });
});

describe('commands forwarded between relay nodes', () => {
  const live = { sessionId: sid, eventId: eid, at: now, body: { type: 'user_message', clientMsgId: 'm1', text: 'hi' } };
  const permission = { sessionId: sid, requestId: 'r1', decision: 'allow', scope: 'once' };

  it('reads an input in the wire form of the first release that forwarded inputs, and a permission answer', () => {
    const input = forwardedCommandSchema.parse({ event: live, instanceId: iid, input: { sessionId: sid, clientMsgId: 'm1', text: 'hi' } });
    expect('input' in input && input.input.text).toBe('hi');
    const answer = forwardedCommandSchema.parse({ event: live, instanceId: iid, permission });
    expect('permission' in answer && answer.permission).toEqual(permission);
  });

  it('refuses a forward that carries neither, or a permission answer outside the protocol', () => {
    expect(forwardedCommandSchema.safeParse({ event: live, instanceId: iid }).success).toBe(false);
    expect(
      forwardedCommandSchema.safeParse({ event: live, instanceId: iid, permission: { ...permission, decision: 'maybe' } }).success,
    ).toBe(false);
  });
});

describe('own-input notices (sessionJoin ownNotices)', () => {
  it('a join may ask for them; a stored notice takes an optional time, the input’s own', () => {
    expect(sessionJoinSchema.parse({ sessionId: sid, afterSeq: 0, ownNotices: true })).toMatchObject({ ownNotices: true });
    expect(sessionJoinSchema.safeParse({ sessionId: sid, afterSeq: 0, ownNotices: 'yes' }).success).toBe(false);
    expect(storedNoticeSchema.parse({ eventId: eid, seq: 3, at: now })).toEqual({ eventId: eid, seq: 3, at: now });
    expect(storedNoticeSchema.parse({ eventId: eid, seq: 3 })).toEqual({ eventId: eid, seq: 3 });
    for (const at of [5, null, '', 'x'.repeat(65)]) expect(storedNoticeSchema.safeParse({ eventId: eid, seq: 3, at }).success).toBe(false);
  });

  it('a notice’s time never holds what storage or the console’s log could not (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (at) => {
        const parsed = storedNoticeSchema.safeParse({ eventId: eid, seq: 1, at });
        if (parsed.success) expect(isPlain(parsed.data.at!)).toBe(true);
      }),
    );
  });
});

describe('command receipts in cli:hello and session:event (receipts.ts)', () => {
  it('a CLI says it takes receipts in its hello, and tells them on a session event', () => {
    expect(cliHelloSchema.parse({ env, sessions: [], receipts: true }).receipts).toBe(true);
    expect(cliHelloSchema.parse({ env, sessions: [] }).receipts).toBeUndefined();
    expect(cliHelloSchema.safeParse({ env, sessions: [], receipts: false }).success).toBe(false);
    const event = { sessionId: sid, eventId: eid, body: { type: 'turn_end', reason: 'completed' } };
    expect(cliSessionEventSchema.parse({ ...event, took: [9] }).took).toEqual([9]);
    expect(cliSessionEventSchema.parse(event).took).toBeUndefined();
    expect(cliSessionEventSchema.safeParse({ ...event, took: [0] }).success).toBe(false);
    expect(cliSessionEventSchema.safeParse({ ...event, took: 9 }).success).toBe(false);
  });
});
