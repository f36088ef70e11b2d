import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { EventBody } from '../../events';
import { PermissionGate } from '../permissions';
import { listFilesTool, planEditFile, readFileTool } from './fileTools';
import { executeTool, runCommandTool } from './index';
import { resolveInCwd, ToolError } from './paths';
import { runCommand } from './runCommand';

let dir: string;
let events: EventBody[];
let gate: PermissionGate;

const ctx = (signal = new AbortController().signal) => ({
  cwd: dir,
  toolCallId: 'tc-1',
  emit: (b: EventBody) => events.push(b),
  permissions: gate,
  signal,
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tern-tools-'));
  events = [];
  gate = new PermissionGate((b) => events.push(b));
  gate.autoApprove = true;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('paths', () => {
  it('refuses escapes: .., absolute paths and symlinks out of the working directory', () => {
    expect(() => resolveInCwd(dir, '../x')).toThrow(ToolError);
    expect(() => resolveInCwd(dir, '/etc/passwd')).toThrow(/outside/);
    symlinkSync(tmpdir(), path.join(dir, 'out'));
    expect(() => resolveInCwd(dir, 'out/file.txt')).toThrow(/leads outside/);
    expect(resolveInCwd(dir, 'a/../b.txt').rel).toBe('b.txt');
  });
});

describe('file tools', () => {
  it('reads, writes (with a diff) and lists', async () => {
    mkdirSync(path.join(dir, 'node_modules/x'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules/x/i.js'), '');
    const write = await executeTool('write_file', { path: 'src/a.txt', content: 'one\n' }, ctx());
    expect(write).toMatchObject({ ok: true });
    expect(readFileSync(path.join(dir, 'src/a.txt'), 'utf8')).toBe('one\n');
    expect(events).toContainEqual({ type: 'file_diff', toolCallId: 'tc-1', path: 'src/a.txt', oldText: '', newText: 'one\n' });
    expect(readFileTool(dir, { path: 'src/a.txt' })).toBe('one\n');
    expect(listFilesTool(dir, {})).toBe('src/\nsrc/a.txt');
  });

  it('edits an exact unique match and refuses missing or ambiguous ones', async () => {
    writeFileSync(path.join(dir, 'g.txt'), 'hello\nworld\nworld\n');
    const ok = await executeTool('edit_file', { path: 'g.txt', old_string: 'hello', new_string: 'hello, tern' }, ctx());
    expect(ok.ok).toBe(true);
    expect(readFileSync(path.join(dir, 'g.txt'), 'utf8')).toBe('hello, tern\nworld\nworld\n');
    expect(events.find((e) => e.type === 'file_diff')).toMatchObject({
      oldText: 'hello\nworld\nworld\n',
      newText: 'hello, tern\nworld\nworld\n',
    });
    expect(() => planEditFile(dir, { path: 'g.txt', old_string: 'world', new_string: 'x' })).toThrow(/not unique/);
    const missing = await executeTool('edit_file', { path: 'g.txt', old_string: 'nope', new_string: 'x' }, ctx());
    expect(missing).toMatchObject({ ok: false, error: expect.stringContaining('not found') });
    const escape = await executeTool('write_file', { path: '../evil.txt', content: 'x' }, ctx());
    expect(escape).toMatchObject({ ok: false, error: expect.stringContaining('outside') });
  });

  it('rejects bad arguments with a clear error', async () => {
    const bad = await executeTool('read_file', { file: 'x' }, ctx());
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('invalid arguments for read_file') });
  });
});

describe('permissions', () => {
  it('asks before writing; deny leaves the file alone, session scope auto-allows later calls', async () => {
    gate.autoApprove = false;
    const pending = executeTool('write_file', { path: 'a.txt', content: 'x' }, ctx());
    await new Promise((r) => setTimeout(r, 10));
    const req = events.find((e) => e.type === 'permission_request');
    expect(req).toMatchObject({ tool: 'write_file', toolCallId: 'tc-1', summary: 'Create a.txt' });
    if (req?.type !== 'permission_request') throw new Error('no request');
    expect(gate.answer(req.requestId, 'deny', 'once')).toBe(true);
    expect(await pending).toMatchObject({ ok: false, error: 'denied by user' });
    expect(() => readFileSync(path.join(dir, 'a.txt'))).toThrow();

    events = [];
    const second = executeTool('write_file', { path: 'a.txt', content: 'x' }, ctx());
    await new Promise((r) => setTimeout(r, 10));
    const req2 = events.find((e) => e.type === 'permission_request');
    if (req2?.type !== 'permission_request') throw new Error('no request');
    gate.answer(req2.requestId, 'allow', 'session');
    expect(await second).toMatchObject({ ok: true });
    // The relay persisted the browser's answer: the CLI emits no permission_response (one event per answer).
    expect(events.map((e) => e.type)).toEqual(['permission_request', 'file_diff']);
    events = [];
    expect(await executeTool('write_file', { path: 'b.txt', content: 'y' }, ctx())).toMatchObject({ ok: true });
    expect(events.some((e) => e.type === 'permission_request')).toBe(false);
  });
});

describe('permission previews', () => {
  const firstRequest = async (name: string, input: unknown) => {
    gate.autoApprove = false;
    const pending = executeTool(name, input, ctx());
    const req = await waitForRequest();
    gate.answer(req.requestId, 'deny', 'once');
    await pending;
    return req;
  };
  const waitForRequest = async () => {
    for (;;) {
      const req = events.find((e) => e.type === 'permission_request');
      if (req?.type === 'permission_request') return req;
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  it('carry the diff of an edit, the old content a write replaces, and the command with its directory', async () => {
    writeFileSync(path.join(dir, 'g.txt'), 'hello\n');
    expect((await firstRequest('edit_file', { path: 'g.txt', old_string: 'hello', new_string: 'hello, tern' })).preview).toEqual({
      kind: 'diff',
      path: 'g.txt',
      oldText: 'hello\n',
      newText: 'hello, tern\n',
      created: false,
    });
    events = [];
    expect((await firstRequest('write_file', { path: 'g.txt', content: 'bye\n' })).preview).toMatchObject({
      oldText: 'hello\n',
      newText: 'bye\n',
      created: false,
    });
    events = [];
    expect((await firstRequest('write_file', { path: 'new.txt', content: 'fresh' })).preview).toMatchObject({
      oldText: '',
      newText: 'fresh',
      created: true,
    });
    events = [];
    expect((await firstRequest('run_command', { command: 'ls -la && echo done' })).preview).toEqual({
      kind: 'command',
      command: 'ls -la && echo done',
      cwd: dir,
    });
  });
});

describe('sub-agent tool calls', () => {
  it('carry the agentId on permission_request, file_diff and tool_output', async () => {
    gate.autoApprove = false;
    const pending = executeTool('write_file', { path: 'sub.txt', content: 'z' }, { ...ctx(), agentId: 'agent-7' });
    await new Promise((r) => setTimeout(r, 10));
    const req = events.find((e) => e.type === 'permission_request');
    expect(req).toMatchObject({ agentId: 'agent-7', tool: 'write_file' });
    if (req?.type !== 'permission_request') throw new Error('no request');
    gate.answer(req.requestId, 'allow', 'once');
    expect(await pending).toMatchObject({ ok: true });
    expect(events.find((e) => e.type === 'file_diff')).toMatchObject({ agentId: 'agent-7', path: 'sub.txt' });
    events = [];
    await runCommandTool({ ...ctx(), agentId: 'agent-7' }, 'echo nested');
    expect(events.filter((e) => e.type === 'tool_output').every((e) => e.type === 'tool_output' && e.agentId === 'agent-7')).toBe(true);
    events = [];
    await runCommandTool(ctx(), 'echo main');
    expect(events.find((e) => e.type === 'tool_output')).not.toHaveProperty('agentId');
  });
});

describe('run_command', () => {
  it('streams stdout and stderr and reports the exit code', async () => {
    const outcome = await runCommandTool(ctx(), 'echo out; echo err 1>&2; exit 3');
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toBe('exit code 3');
    const outputs = events.filter((e) => e.type === 'tool_output');
    expect(outputs.map((e) => (e.type === 'tool_output' ? `${e.stream}:${e.chunk}` : '')).join('')).toMatch(/stdout:out\n/);
    expect(outputs.some((e) => e.type === 'tool_output' && e.stream === 'stderr' && e.chunk.includes('err'))).toBe(true);
  });

  it('runs in the working directory', async () => {
    const outcome = await runCommandTool(ctx(), 'pwd');
    expect(outcome.ok).toBe(true);
    expect(outcome.output).toContain(path.basename(dir));
  });

  it('kills a command on timeout', async () => {
    const result = await runCommand('sleep 30', { cwd: dir, timeoutMs: 200 });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
  });

  it('kills a command (and its children) on abort', async () => {
    const controller = new AbortController();
    const pending = runCommand('sleep 30 & sleep 30; wait', { cwd: dir, signal: controller.signal });
    setTimeout(() => controller.abort(), 150);
    const result = await pending;
    expect(result.interrupted).toBe(true);
  });
});

describe('edit while waiting for permission', () => {
  it('applies the edit to the file as it is after the approval, not a stale copy', async () => {
    gate.autoApprove = false;
    writeFileSync(path.join(dir, 'g.txt'), 'hello\n');
    const pending = executeTool('edit_file', { path: 'g.txt', old_string: 'hello', new_string: 'hello, tern' }, ctx());
    await new Promise((r) => setTimeout(r, 10));
    writeFileSync(path.join(dir, 'g.txt'), 'hello\nadded meanwhile\n');
    const req = events.find((e) => e.type === 'permission_request');
    if (req?.type !== 'permission_request') throw new Error('no request');
    gate.answer(req.requestId, 'allow', 'once');
    expect(await pending).toMatchObject({ ok: true });
    expect(readFileSync(path.join(dir, 'g.txt'), 'utf8')).toBe('hello, tern\nadded meanwhile\n');
  });
});
