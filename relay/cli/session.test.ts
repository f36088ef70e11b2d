import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { cliNoticeCodes } from '../protocol/remote';
import { noUsageHooks } from './agent/loop';
import { NO_MODEL_NOTICE } from './config';
import type { EventBody } from './events';
import { loadStoredSessions, Session } from './session';
import { startScriptedModel } from './testing/scriptedModelStandIn';

let home: string;
let cwd: string;
let events: EventBody[];
let metas: Array<{ title?: string; active?: boolean }>;

const SESSION_ID = '6f1c1d1e-8a3b-4c55-9d0e-1f2a3b4c5d6e';
const INSTANCE_ID = '0b7c2d3e-4f50-4a61-8b72-9c83d4e5f607';

function makeSession(model: { baseUrl: string; model: string; apiKey?: string } | null = null) {
  return new Session(
    {
      home,
      cwd,
      instanceId: INSTANCE_ID,
      model: model ? { apiKey: undefined, ...model } : null,
      emit: (_id, body) => events.push(body),
      meta: (_id, meta) => metas.push(meta),
      usage: noUsageHooks,
    },
    { id: SESSION_ID },
  );
}

beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'tern-home-'));
  cwd = mkdtempSync(path.join(tmpdir(), 'tern-cwd-'));
  events = [];
  metas = [];
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(cwd, { recursive: true, force: true });
});

describe('session without a model', () => {
  it('answers plain text with the no-model notice and ends the turn', async () => {
    const s = makeSession();
    expect(s.input('m1', 'hello there')).toBe(true);
    await s.idle();
    expect(events).toEqual([
      { type: 'input_status', clientMsgId: 'm1', status: 'started' },
      { type: 'notice', level: 'warning', text: NO_MODEL_NOTICE, code: 'cli.noModel' },
      { type: 'turn_end', reason: 'completed' },
    ]);
    expect(NO_MODEL_NOTICE).toMatch(/TERN_MODEL_URL.*TERN_MODEL.*TERN_API_KEY/s);
    expect(metas).toEqual([{ title: 'hello there' }]);
  });

  it('runs !cmd directly (no permission prompt) with streamed output and the exit code', async () => {
    writeFileSync(path.join(cwd, 'f.txt'), 'content-of-f');
    const s = makeSession();
    s.input('m1', '!cat f.txt && exit 4');
    await s.idle();
    const types = events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['input_status', 'tool_call']);
    expect(types).not.toContain('permission_request');
    expect(events.some((e) => e.type === 'tool_output' && e.chunk.includes('content-of-f'))).toBe(true);
    expect(events.at(-2)).toMatchObject({ type: 'tool_call', name: 'shell', status: 'failed', error: 'exit code 4' });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'completed' });
  });

  it('interrupts a running !cmd', async () => {
    const s = makeSession();
    s.input('m1', '!sleep 30');
    await new Promise((r) => setTimeout(r, 300));
    s.interrupt();
    await s.idle();
    expect(events.at(-2)).toMatchObject({ type: 'tool_call', status: 'failed', error: 'command interrupted' });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'interrupted' });
  });

  it('handles /help, /stats, unknown commands and /exit', async () => {
    const s = makeSession();
    s.input('m1', '/help');
    s.input('m2', '/stats');
    s.input('m3', '/frobnicate');
    s.input('m4', '/exit');
    s.input('m5', 'after exit');
    await s.idle();
    const notices = events.filter((e) => e.type === 'notice').map((e) => (e.type === 'notice' ? e.text : ''));
    expect(notices[0]).toContain('/clear');
    expect(notices[1]).toMatch(/0 model request\(s\), 0 input tokens/);
    expect(notices[2]).toContain('Unknown command /frobnicate');
    expect(notices[3]).toBe('Session ended.');
    expect(notices[4]).toMatch(/session has ended/);
    // Each notice has a code the console translates (cliNoticeCodes) and the params its text needs.
    const coded = events.filter((e) => e.type === 'notice').map((e) => (e.type === 'notice' ? [e.code, e.params] : []));
    expect(coded).toEqual([
      ['cli.help', undefined],
      ['cli.stats', { requests: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 }],
      ['cli.unknownCommand', { command: 'frobnicate' }],
      ['cli.exit', undefined],
      ['cli.sessionEnded', undefined],
    ]);
    for (const [code] of coded) expect(cliNoticeCodes).toContain(code);
    expect(events.filter((e) => e.type === 'turn_end')).toHaveLength(5);
    expect(metas).toContainEqual({ active: false });
    expect(s.active).toBe(false);
  });

  it('tells where each input stands: started at once when idle, received behind a running turn, dropped by an interrupt', async () => {
    const s = makeSession();
    s.input('m1', '!sleep 30');
    s.input('m2', '/help');
    s.input('m3', '/stats');
    const statuses = () => events.flatMap((e) => (e.type === 'input_status' ? [`${e.clientMsgId}:${e.status}`] : []));
    expect(statuses()).toEqual(['m1:started', 'm2:received', 'm3:received']);
    s.interrupt();
    await s.idle();
    expect(statuses()).toEqual(['m1:started', 'm2:received', 'm3:received', 'm2:dropped', 'm3:dropped']);
    expect(events.filter((e) => e.type === 'turn_end')).toEqual([{ type: 'turn_end', reason: 'interrupted' }]);
    s.input('m4', '/help');
    await s.idle();
    expect(statuses().at(-1)).toBe('m4:started');
  });

  it('ignores a duplicate clientMsgId', async () => {
    const s = makeSession();
    expect(s.input('same', '/help')).toBe(true);
    expect(s.input('same', '/help')).toBe(false);
    await s.idle();
    expect(events.filter((e) => e.type === 'turn_end')).toHaveLength(1);
  });

  it('saves the session privately and loads it back', async () => {
    const s = makeSession();
    s.input('m1', '/help');
    await s.idle();
    const file = path.join(home, 'sessions', `${SESSION_ID}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [stored] = loadStoredSessions(home, INSTANCE_ID);
    expect(stored).toMatchObject({ id: SESSION_ID, title: 'New session', active: true, seenInputIds: ['m1'] });
    expect(loadStoredSessions(home, '11111111-1111-4111-8111-111111111111')).toEqual([]);
  });
});

describe('session with a model', () => {
  it('/clear empties the model context and /stats counts requests and tokens', async () => {
    const model = await startScriptedModel({
      steps: [{ text: 'first answer', usage: { prompt_tokens: 11, completion_tokens: 7 } }, { text: 'second' }],
    });
    try {
      const s = makeSession({ baseUrl: model.url, model: 'scripted' });
      s.input('m1', 'question one');
      s.input('m2', '/stats');
      s.input('m3', '/clear');
      s.input('m4', 'question two');
      await s.idle();
      const notices = events.filter((e) => e.type === 'notice').map((e) => (e.type === 'notice' ? e.text : ''));
      expect(notices[0]).toMatch(/1 model request\(s\), 11 input tokens, 7 output tokens/);
      expect(notices[1]).toMatch(/Context cleared/);
      // The second request no longer carries the first exchange.
      expect(model.requests[1]!.messages.map((m) => m.role)).toEqual(['system', 'user']);
      expect(model.requests[1]!.messages[1]).toMatchObject({ content: 'question two' });
    } finally {
      await model.close();
    }
  });
});

describe('restart', () => {
  it('repairs a context saved mid-turn and closes the interrupted turn', async () => {
    const s = makeSession();
    s.input('m1', '/help');
    await s.idle();
    const stored = s.toStored();
    stored.messages.push(
      { role: 'user', content: 'do it' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'read_file', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'x' },
    );
    stored.history.push({
      at: new Date().toISOString(),
      body: { type: 'tool_call', toolCallId: 't', name: 'read_file', title: 'Read', input: {}, status: 'executing' },
    });
    expect(stored.turnOpen).toBe(false);
    stored.turnOpen = true;
    events = [];
    const restarted = new Session(
      { home, cwd, instanceId: INSTANCE_ID, model: null, emit: (_id, body) => events.push(body), meta: () => {}, usage: noUsageHooks },
      { id: SESSION_ID, stored },
    );
    restarted.closeInterruptedTurn();
    expect(events.map((e) => e.type)).toEqual(['notice', 'tool_call', 'turn_end']);
    expect(events[1]).toMatchObject({ type: 'tool_call', toolCallId: 't', status: 'failed', error: 'interrupted' });
    expect(restarted.context.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'x' },
      { role: 'tool', tool_call_id: 'c2', content: expect.stringContaining('Not run') },
    ]);
    // A closed turn is not closed twice.
    restarted.closeInterruptedTurn();
    expect(events).toHaveLength(3);
  });
});
