import { describe, expect, it } from 'vitest';

import { CLI_COMMANDS, CLI_EVENTS } from '../protocol/remote';
import { readAck, refusalOf, request } from './acks';
import { applyCommand, type CommandHandlers } from './commands';
import { BAD_RESPONSE, classifyRefusal } from './delivery';

const uuid = '00000000-0000-4000-8000-000000000000';
/** The refusal an answer to session:event comes to, or 'acked'. */
const outcome = (raw: unknown) => {
  const ack = readAck(CLI_EVENTS.sessionEvent, raw);
  return ack.ok ? 'acked' : refusalOf(ack);
};
const codeOf = (raw: unknown) => {
  const result = outcome(raw);
  return result === 'acked' ? result : result.code;
};

describe('readAck', () => {
  it('takes an ack of the contract: a success with its fields, or the protocol error', () => {
    expect(readAck(CLI_EVENTS.sessionEvent, { ok: true, seq: 3 })).toEqual({ ok: true, seq: 3 });
    const refused = readAck(CLI_EVENTS.sessionEvent, { ok: false, error: { code: 'NOT_FOUND', message: 'no such session' } });
    expect(refused).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'no such session' } });
    expect(outcome({ ok: false, error: { code: 'RATE_LIMITED', message: 'slow down', retryAfterSeconds: 7 } })).toEqual({
      code: 'RATE_LIMITED',
      message: 'slow down',
      retryAfterSeconds: 7,
    });
  });

  it('keeps the code of an error ack outside the contract (a newer code, or the flat form of an older relay)', () => {
    const newer = readAck(CLI_EVENTS.sessionEvent, { ok: false, error: { code: 'SOMETHING_NEW', message: 'later' } });
    expect(newer).toMatchObject({ ok: false, unexpected: true, error: { code: 'SOMETHING_NEW', message: 'later' } });
    expect(outcome({ ok: false, code: 'BAD_REQUEST', message: 'toolCallId: too short' })).toEqual({
      code: 'BAD_REQUEST',
      message: 'toolCallId: too short',
    });
    expect(outcome({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 30 })).toEqual({
      code: 'RATE_LIMITED',
      message: '',
      retryAfterSeconds: 30,
    });
    expect(outcome({ ok: false })).toEqual({ code: 'UNKNOWN', message: '' });
    expect(classifyRefusal(codeOf({ ok: false, code: 'BAD_REQUEST' }))).toBe('final');
    expect(classifyRefusal(codeOf({ ok: false, error: { code: 'SOMETHING_NEW' } }))).toBe('retry');
  });

  it('makes anything else BAD_RESPONSE, which is retried', () => {
    for (const raw of [undefined, null, 'ok', 1, [], {}, { seq: 1 }]) {
      expect(outcome(raw), JSON.stringify(raw)).toEqual({ code: BAD_RESPONSE, message: 'malformed ack' });
    }
    // A success that does not carry what the contract says (session:event answers its seq).
    expect(outcome({ ok: true })).toEqual({ code: BAD_RESPONSE, message: 'ack outside the protocol' });
    expect(outcome({ ok: true, seq: 0 })).toMatchObject({ code: BAD_RESPONSE });
    expect(classifyRefusal(BAD_RESPONSE)).toBe('retry');
    const hello = readAck(CLI_EVENTS.hello, { ok: true });
    expect(hello).toMatchObject({ ok: false, unexpected: true, raw: { ok: true } });
  });

  it('request: null when no ack came, else the ack read against the event it sent', async () => {
    expect(await request(CLI_EVENTS.commandsTaken, () => Promise.reject(new Error('operation has timed out')))).toBeNull();
    const sent: string[] = [];
    const ack = await request(CLI_EVENTS.usageReport, async (event) => {
      sent.push(event);
      return { ok: true, requestId: uuid, credits: 2, cost: 0.01, duplicate: false };
    });
    expect(sent).toEqual([CLI_EVENTS.usageReport]);
    expect(ack).toEqual({ ok: true, requestId: uuid, credits: 2, cost: 0.01, duplicate: false });
  });
});

describe('applyCommand', () => {
  const applied: Array<[string, unknown]> = [];
  const record =
    (name: string) =>
    (command: unknown): void => {
      applied.push([name, command]);
    };
  const handlers: CommandHandlers = {
    [CLI_COMMANDS.sessionCreate]: record('create'),
    [CLI_COMMANDS.sessionInput]: record('input'),
    [CLI_COMMANDS.sessionPermission]: record('permission'),
    [CLI_COMMANDS.sessionInterrupt]: record('interrupt'),
    [CLI_COMMANDS.sessionSettings]: record('settings'),
    [CLI_COMMANDS.sessionRename]: record('rename'),
    [CLI_COMMANDS.sessionDelete]: record('delete'),
    [CLI_COMMANDS.sessionModel]: record('model'),
  };

  it('hands each command its validated payload and acks it', () => {
    applied.length = 0;
    expect(
      applyCommand(
        CLI_COMMANDS.sessionPermission,
        { sessionId: uuid, requestId: 'r1', decision: 'allow', scope: 'session', extra: 1 },
        handlers,
      ),
    ).toEqual({ ok: true });
    expect(applyCommand(CLI_COMMANDS.sessionSettings, { sessionId: uuid, autoApprove: true }, handlers)).toEqual({ ok: true });
    expect(applied).toEqual([
      ['permission', { sessionId: uuid, requestId: 'r1', decision: 'allow', scope: 'session' }],
      ['settings', { sessionId: uuid, autoApprove: true }],
    ]);
  });

  it('answers BAD_REQUEST for an unknown command or a payload its schema refuses, and applies nothing', () => {
    applied.length = 0;
    for (const type of ['session:join', 'auth:revoked', '__proto__', 'toString']) {
      expect(applyCommand(type, { sessionId: uuid }, handlers)).toEqual({
        ok: false,
        error: { code: 'BAD_REQUEST', message: `unknown command ${type}` },
      });
    }
    const bad = [
      [CLI_COMMANDS.sessionCreate, { sessionId: uuid }],
      [CLI_COMMANDS.sessionInput, { sessionId: 'not-a-uuid', clientMsgId: 'c', text: 'hi' }],
      [CLI_COMMANDS.sessionPermission, { sessionId: uuid, requestId: 'r', decision: 'maybe', scope: 'once' }],
      [CLI_COMMANDS.sessionInterrupt, null],
    ] as const;
    for (const [type, payload] of bad)
      expect(applyCommand(type, payload, handlers)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(applied).toEqual([]);
  });
});
