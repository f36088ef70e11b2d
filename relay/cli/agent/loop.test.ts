import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { EventBody } from '../events';
import { type Script, type ScriptedModel, startScriptedModel } from '../testing/scriptedModelStandIn';
import { type AuthorizeResult, emptyStats, MAIN_AGENT_TOOLS, MAIN_SYSTEM_PROMPT, runAgentLoop, type UsageHooks } from './loop';
import type { ChatMessage } from './modelClient';
import { PermissionGate } from './permissions';

let model: ScriptedModel;
let dir: string;
let events: EventBody[];
let gate: PermissionGate;
let reports: Array<{ requestId: string; inputTokens: number; outputTokens: number; cacheReadTokens: number }>;
let authorizeAnswer: AuthorizeResult;

const usage: UsageHooks = {
  authorize: async () => authorizeAnswer,
  report: async (r) => {
    reports.push(r);
  },
};

beforeAll(async () => {
  model = await startScriptedModel({ steps: [] });
});
afterAll(() => model.close());
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tern-loop-'));
  events = [];
  reports = [];
  authorizeAnswer = { ok: true };
  gate = new PermissionGate((b) => events.push(b));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(script: Script, userText: string, signal = new AbortController().signal) {
  model.reset(script);
  const messages: ChatMessage[] = [
    { role: 'system', content: MAIN_SYSTEM_PROMPT },
    { role: 'user', content: userText },
  ];
  const stats = emptyStats();
  const promise = runAgentLoop(
    {
      cwd: dir,
      model: { baseUrl: model.url, model: 'scripted-1', apiKey: 'sk-test' },
      emit: (b) => events.push(b),
      permissions: gate,
      signal,
      usage,
      stats,
    },
    messages,
    { tools: MAIN_AGENT_TOOLS, quiet: false },
  );
  return { promise, messages, stats };
}

const editScript = JSON.parse(readFileSync(new URL('../testing/scripts/edit-file.json', import.meta.url), 'utf8')) as Script;

async function waitFor<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('agent loop against the scripted model stand-in', () => {
  it('plays the edit-file scenario: todos, read, edit with a diff, final markdown, usage', async () => {
    writeFileSync(path.join(dir, 'greeting.txt'), 'hello\n');
    gate.autoApprove = true;
    const { promise, stats } = run(editScript, 'Update greeting.txt please');
    const result = await promise;
    expect(result.reason).toBe('completed');
    expect(readFileSync(path.join(dir, 'greeting.txt'), 'utf8')).toBe('hello, tern\n');

    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'todo_list')).toHaveLength(2);
    const diff = events.find((e) => e.type === 'file_diff');
    expect(diff).toMatchObject({ path: 'greeting.txt', oldText: 'hello\n', newText: 'hello, tern\n' });
    // The diff comes before the edit's completed tool_call.
    const diffIndex = events.indexOf(diff!);
    const editDone = events.findIndex((e) => e.type === 'tool_call' && e.name === 'edit_file' && e.status === 'completed');
    expect(editDone).toBeGreaterThan(diffIndex);
    const lastTodos = events.filter((e) => e.type === 'todo_list').at(-1);
    expect(lastTodos).toMatchObject({ items: [{ status: 'completed' }, { status: 'completed' }] });
    const final = events.filter((e) => e.type === 'assistant_message').at(-1);
    expect(final?.type === 'assistant_message' && final.text).toContain('```text\nhello, tern\n```');
    // Deltas of that message add up to the full text.
    if (final?.type !== 'assistant_message') throw new Error('no final message');
    const deltas = events.filter((e) => e.type === 'assistant_delta' && e.messageId === final.messageId);
    expect(deltas.map((d) => (d.type === 'assistant_delta' ? d.text : '')).join('')).toBe(final.text);

    // Five model requests, each authorised and reported with the stream's usage.
    expect(model.requests).toHaveLength(5);
    expect(model.requests[0]).toMatchObject({
      model: 'scripted-1',
      stream: true,
      streamOptions: { include_usage: true },
      authorization: 'Bearer sk-test',
    });
    expect(model.requests[0]!.tools.map((t) => t.function?.name)).toEqual(MAIN_AGENT_TOOLS);
    expect(reports).toHaveLength(5);
    expect(new Set(reports.map((r) => r.requestId)).size).toBe(5);
    expect(reports.every((r) => r.inputTokens > 0 && r.outputTokens > 0)).toBe(true);
    expect(stats.requests).toBe(5);
    // Tool results went back to the model with the right call ids.
    const second = model.requests[1]!.messages;
    const assistant = second.at(-2) as { tool_calls: Array<{ id: string; function: { name: string; arguments: string } }> };
    expect(assistant.tool_calls[0]!.function.name).toBe('update_todos');
    expect(JSON.parse(assistant.tool_calls[0]!.function.arguments)).toMatchObject({ items: [{ id: '1' }, { id: '2' }] });
    expect(second.at(-1)).toMatchObject({ role: 'tool', tool_call_id: assistant.tool_calls[0]!.id });
  });

  it('accumulates several tool calls split across chunks, and reports cached tokens', async () => {
    writeFileSync(path.join(dir, 'a.txt'), 'A');
    writeFileSync(path.join(dir, 'b.txt'), 'B');
    const { promise, messages } = run(
      {
        steps: [
          {
            toolCalls: [
              { name: 'read_file', arguments: { path: 'a.txt' } },
              { name: 'read_file', arguments: { path: 'b.txt' } },
            ],
            usage: { prompt_tokens: 100, completion_tokens: 20, cached_tokens: 40 },
          },
          { text: 'Both read.' },
        ],
      },
      'read both',
    );
    expect((await promise).reason).toBe('completed');
    const done = events.filter((e) => e.type === 'tool_call' && e.status === 'completed');
    expect(done.map((e) => (e.type === 'tool_call' ? e.output : ''))).toEqual(['A', 'B']);
    expect(messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['A', 'B']);
    expect(reports[0]).toMatchObject({ inputTokens: 100, outputTokens: 20, cacheReadTokens: 40 });
  });

  it('reports a denied tool as failed and lets the model continue', async () => {
    const { promise } = run(
      {
        steps: [{ toolCalls: [{ name: 'write_file', arguments: { path: 'x.txt', content: 'x' } }] }, { text: 'OK, I will not write it.' }],
      },
      'write x',
    );
    const req = await waitFor(() => events.find((e) => e.type === 'permission_request'));
    if (req.type !== 'permission_request') throw new Error();
    gate.answer(req.requestId, 'deny', 'once');
    expect((await promise).reason).toBe('completed');
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool_call', name: 'write_file', status: 'failed', error: 'denied by user' }),
    );
    // The relay stored the browser's answer; the CLI adds no permission_response of its own.
    expect(events.some((e) => e.type === 'permission_response')).toBe(false);
    expect(model.requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool', content: 'Error: denied by user' });
  });

  it('runs an allowed command with streamed output', async () => {
    const { promise } = run(
      { steps: [{ toolCalls: [{ name: 'run_command', arguments: { command: 'echo streamed-ok' } }] }, { text: 'ran' }] },
      'run it',
    );
    const req = await waitFor(() => events.find((e) => e.type === 'permission_request'));
    if (req.type !== 'permission_request') throw new Error();
    expect(req.summary).toBe('Run `echo streamed-ok`');
    gate.answer(req.requestId, 'allow', 'once');
    expect((await promise).reason).toBe('completed');
    expect(events.some((e) => e.type === 'tool_output' && e.chunk.includes('streamed-ok'))).toBe(true);
  });

  it('runs a sub-agent with its own context and read-only tools', async () => {
    writeFileSync(path.join(dir, 'notes.md'), 'secret sauce');
    const { promise } = run(
      {
        steps: [
          {
            match: { lastRole: 'user', systemIncludes: 'You are Tern, a coding' },
            toolCalls: [{ name: 'spawn_subagent', arguments: { title: 'Check notes', task: 'Read notes.md' } }],
          },
          { match: { systemIncludes: 'sub-agent', lastRole: 'user' }, toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }] },
          { match: { systemIncludes: 'sub-agent', lastRole: 'tool' }, text: 'The notes say: secret sauce.' },
          { match: { systemIncludes: 'You are Tern, a coding', lastRole: 'tool' }, text: 'The sub-agent found it.' },
        ],
      },
      'delegate',
    );
    expect((await promise).reason).toBe('completed');
    const sub = events.filter((e) => e.type === 'subagent');
    expect(sub.map((e) => (e.type === 'subagent' ? e.status : ''))).toEqual(['initializing', 'running', 'completed']);
    expect(sub.at(-1)).toMatchObject({ title: 'Check notes', summary: 'The notes say: secret sauce.' });
    const spawn = events.find((e) => e.type === 'tool_call' && e.name === 'spawn_subagent');
    expect(sub[0]).toMatchObject({ parentToolCallId: spawn?.type === 'tool_call' ? spawn.toolCallId : 'x' });
    // The sub-agent's own tool calls carry its agentId; the main agent's carry none.
    const agentId = sub[0]?.type === 'subagent' ? sub[0].agentId : 'x';
    const reads = events.filter((e) => e.type === 'tool_call' && e.name === 'read_file');
    expect(reads.map((e) => (e.type === 'tool_call' ? [e.status, e.agentId] : []))).toEqual([
      ['executing', agentId],
      ['completed', agentId],
    ]);
    expect(spawn).not.toHaveProperty('agentId');
    // The sub-agent's request carried only its own context and the read-only tools + run_command.
    const subRequest = model.requests[1]!;
    expect(subRequest.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(subRequest.tools.map((t) => t.function?.name)).toEqual(['read_file', 'list_files', 'run_command']);
    // Its text is not streamed into the chat.
    expect(events.filter((e) => e.type === 'assistant_message').map((e) => (e.type === 'assistant_message' ? e.text : ''))).toEqual([
      'The sub-agent found it.',
    ]);
  });

  it('plays the ready-made sub-agent script', async () => {
    writeFileSync(path.join(dir, 'greeting.txt'), 'hello\n');
    const script = JSON.parse(readFileSync(new URL('../testing/scripts/subagent.json', import.meta.url), 'utf8')) as Script;
    const { promise } = run(script, 'Review greeting.txt');
    expect((await promise).reason).toBe('completed');
    expect(model.played).toBe(5);
    expect(events.filter((e) => e.type === 'subagent').map((e) => (e.type === 'subagent' ? e.status : ''))).toEqual([
      'initializing',
      'running',
      'completed',
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'assistant_message', text: expect.stringContaining('one-line greeting') });
  });
});

describe('agent loop: interrupts, limits and failures', () => {
  it('interrupts a streaming answer', async () => {
    const controller = new AbortController();
    const { promise } = run({ steps: [{ text: 'partial answer', hang: true }] }, 'talk', controller.signal);
    await waitFor(() => events.find((e) => e.type === 'assistant_delta'));
    controller.abort();
    expect((await promise).reason).toBe('interrupted');
    expect(events.filter((e) => e.type === 'assistant_message').at(-1)).toMatchObject({ text: 'partial answer' });
  });

  it('interrupt cancels a running sub-agent and kills its command', async () => {
    const controller = new AbortController();
    gate.autoApprove = true;
    const { promise } = run(
      {
        steps: [
          {
            match: { systemIncludes: 'You are Tern, a coding' },
            toolCalls: [{ name: 'spawn_subagent', arguments: { title: 'Long job', task: 'wait' } }],
          },
          { match: { systemIncludes: 'sub-agent' }, toolCalls: [{ name: 'run_command', arguments: { command: 'sleep 30' } }] },
        ],
      },
      'go',
      controller.signal,
    );
    await waitFor(() => events.find((e) => e.type === 'tool_call' && e.name === 'run_command'));
    const sub = events.find((e) => e.type === 'subagent');
    expect(events.find((e) => e.type === 'tool_call' && e.name === 'run_command')).toMatchObject({
      agentId: sub?.type === 'subagent' ? sub.agentId : 'x',
    });
    controller.abort();
    expect((await promise).reason).toBe('interrupted');
    expect(events.filter((e) => e.type === 'subagent').at(-1)).toMatchObject({ status: 'cancelled' });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool_call', name: 'run_command', status: 'failed', error: 'command interrupted' }),
    );
  });

  it('stops with reason limit when the relay refuses the request', async () => {
    authorizeAnswer = { ok: false, code: 'QUOTA_EXCEEDED', message: 'no credits left' };
    const { promise } = run({ steps: [{ text: 'never' }] }, 'hi');
    expect((await promise).reason).toBe('limit');
    expect(events).toEqual([
      {
        type: 'notice',
        level: 'warning',
        code: 'cli.limit',
        params: { reason: 'QUOTA_EXCEEDED' },
        text: expect.stringContaining('credits are used up'),
      },
    ]);
    expect(model.requests).toHaveLength(0);
  });

  it('says when to retry after a rate limit', async () => {
    authorizeAnswer = { ok: false, code: 'RATE_LIMITED', message: 'Rate limit: 10 requests per minute', retryAfterSeconds: 42 };
    const { promise } = run({ steps: [{ text: 'never' }] }, 'hi');
    expect((await promise).reason).toBe('limit');
    expect(events).toEqual([
      {
        type: 'notice',
        level: 'warning',
        code: 'cli.limit',
        params: { reason: 'RATE_LIMITED', retryAfterSeconds: 42 },
        text: expect.stringContaining('Try again in 42 s'),
      },
    ]);
  });

  it('ends with an error event when the model endpoint fails', async () => {
    const { promise } = run({ steps: [{ error: { status: 401, message: 'bad key' } }] }, 'hi');
    expect((await promise).reason).toBe('error');
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      code: 'MODEL_ERROR',
      message: expect.stringContaining('HTTP 401'),
      params: { status: 401 },
    });
  });
});
