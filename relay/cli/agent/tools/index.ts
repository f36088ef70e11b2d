import { z } from 'zod';

import { INPUT_TEXT_MAX_CHARS, type PermissionPreview } from '../../../protocol/remote';
import { capText, DIFF_TEXT_CAP, type EventBody, type TodoItem } from '../../events';
import { TextBatcher } from '../batcher';
import type { ToolDefinition } from '../modelClient';
import type { PermissionGate } from '../permissions';
import { applyWrite, listFilesTool, planEditFile, planWriteFile, readFileTool } from './fileTools';
import { ToolError } from './paths';
import { DEFAULT_COMMAND_TIMEOUT_MS, describeCommandResult, runCommand } from './runCommand';

export type ToolName = 'read_file' | 'write_file' | 'edit_file' | 'list_files' | 'run_command' | 'update_todos' | 'spawn_subagent';

const fn = (name: ToolName, description: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

export const TOOL_DEFINITIONS: Record<ToolName, ToolDefinition> = {
  read_file: fn(
    'read_file',
    'Read a UTF-8 text file in the working directory.',
    { path: { type: 'string', description: 'Path relative to the working directory' } },
    ['path'],
  ),
  write_file: fn(
    'write_file',
    'Create or overwrite a file in the working directory with the given content.',
    { path: { type: 'string' }, content: { type: 'string' } },
    ['path', 'content'],
  ),
  edit_file: fn(
    'edit_file',
    'Replace one exact, unique occurrence of old_string with new_string in a file. Fails if old_string is missing or occurs more than once.',
    { path: { type: 'string' }, old_string: { type: 'string' }, new_string: { type: 'string' } },
    ['path', 'old_string', 'new_string'],
  ),
  list_files: fn(
    'list_files',
    'List files below a directory of the working directory (recursive; skips node_modules and .git; capped at 500 entries).',
    { path: { type: 'string', description: 'Directory, default "."' } },
    [],
  ),
  run_command: fn(
    'run_command',
    'Run a shell command in the working directory. Returns its output and exit code.',
    { command: { type: 'string' }, timeout_ms: { type: 'number', description: 'Default 120000' } },
    ['command'],
  ),
  update_todos: fn(
    'update_todos',
    'Replace the task list shown to the user. Send the full list every time.',
    {
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            content: { type: 'string' },
            status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] },
          },
          required: ['content', 'status'],
        },
      },
    },
    ['items'],
  ),
  spawn_subagent: fn(
    'spawn_subagent',
    'Delegate a self-contained research or checking task to a sub-agent with its own context. It can read files, list files and run commands, and returns a summary.',
    { title: { type: 'string' }, task: { type: 'string' } },
    ['title', 'task'],
  ),
};

export const MAIN_AGENT_TOOLS: ToolName[] = [
  'read_file',
  'write_file',
  'edit_file',
  'list_files',
  'run_command',
  'update_todos',
  'spawn_subagent',
];
export const SUBAGENT_TOOLS: ToolName[] = ['read_file', 'list_files', 'run_command'];

const inputSchemas = {
  read_file: z.object({ path: z.string() }),
  write_file: z.object({ path: z.string(), content: z.string() }),
  edit_file: z.object({ path: z.string(), old_string: z.string(), new_string: z.string() }),
  list_files: z.object({ path: z.string().optional() }),
  run_command: z.object({ command: z.string().min(1), timeout_ms: z.number().positive().max(3_600_000).optional() }),
  update_todos: z.object({
    items: z
      .array(z.object({ id: z.string().optional(), content: z.string().min(1), status: z.enum(['pending', 'in_progress', 'completed']) }))
      .max(100),
  }),
  spawn_subagent: z.object({ title: z.string().min(1).max(200), task: z.string().min(1) }),
} satisfies Record<ToolName, z.ZodType>;

export type ToolInput<N extends ToolName> = z.infer<(typeof inputSchemas)[N]>;

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(TOOL_DEFINITIONS, name);
}

/** A short human title for a tool call, e.g. "Edit src/a.ts" or "Run `npm test`". */
export function toolTitle(name: string, input: unknown): string {
  const o = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  const short = (v: string) => (v.length > 80 ? v.slice(0, 77) + '…' : v);
  switch (name) {
    case 'read_file':
      return `Read ${s(o.path)}`;
    case 'write_file':
      return `Write ${s(o.path)}`;
    case 'edit_file':
      return `Edit ${s(o.path)}`;
    case 'list_files':
      return `List ${s(o.path) || '.'}`;
    case 'run_command':
      return `Run \`${short(s(o.command))}\``;
    case 'update_todos':
      return 'Update task list';
    case 'spawn_subagent':
      return `Sub-agent: ${short(s(o.title))}`;
    default:
      return name;
  }
}

export interface ToolOutcome {
  ok: boolean;
  output: string;
  error?: string;
  /** The call ended because the turn was interrupted. */
  interrupted?: boolean;
}

export interface ToolContext {
  cwd: string;
  toolCallId: string;
  emit: (body: EventBody) => void;
  permissions: PermissionGate;
  signal: AbortSignal;
  /** Set when a sub-agent runs the tool: its `agentId`, carried on the events the call emits. */
  agentId?: string | undefined;
  /** Runs a nested agent for spawn_subagent; absent for sub-agents themselves. */
  spawnSubagent?: (input: ToolInput<'spawn_subagent'>, toolCallId: string) => Promise<ToolOutcome>;
}

const fail = (error: string): ToolOutcome => ({ ok: false, output: '', error });

async function ask(
  ctx: ToolContext,
  tool: ToolName,
  summary: string,
  input: unknown,
  preview: PermissionPreview,
): Promise<ToolOutcome | null> {
  const decision = await ctx.permissions.request(
    { tool, toolCallId: ctx.toolCallId, summary, input, preview, ...(ctx.agentId && { agentId: ctx.agentId }) },
    ctx.signal,
  );
  if (decision === 'allow') return null;
  if (decision === 'interrupted') return { ok: false, output: '', error: 'interrupted', interrupted: true };
  return fail('denied by user');
}

export async function executeTool(name: string, rawInput: unknown, ctx: ToolContext): Promise<ToolOutcome> {
  if (!isToolName(name)) return fail(`unknown tool: ${name}`);
  const parsed = inputSchemas[name].safeParse(rawInput);
  if (!parsed.success)
    return fail(
      `invalid arguments for ${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`,
    );
  try {
    switch (name) {
      case 'read_file':
        return { ok: true, output: readFileTool(ctx.cwd, parsed.data as ToolInput<'read_file'>) };
      case 'list_files':
        return { ok: true, output: listFilesTool(ctx.cwd, parsed.data as ToolInput<'list_files'>) };
      case 'write_file':
      case 'edit_file': {
        const makePlan = () =>
          name === 'write_file'
            ? planWriteFile(ctx.cwd, parsed.data as ToolInput<'write_file'>)
            : planEditFile(ctx.cwd, parsed.data as ToolInput<'edit_file'>);
        const first = makePlan();
        const verb = name === 'write_file' ? (first.created ? 'Create' : 'Overwrite') : 'Edit';
        const refused = await ask(ctx, name, `${verb} ${first.rel}`, rawInput, {
          kind: 'diff',
          path: first.rel,
          oldText: capText(first.oldText, DIFF_TEXT_CAP),
          newText: capText(first.newText, DIFF_TEXT_CAP),
          created: first.created,
        });
        if (refused) return refused;
        // The file may have changed while the user was deciding: plan again on what is there now.
        const plan = makePlan();
        applyWrite(plan);
        ctx.emit({
          type: 'file_diff',
          toolCallId: ctx.toolCallId,
          ...(ctx.agentId && { agentId: ctx.agentId }),
          path: plan.rel,
          oldText: capText(plan.oldText, DIFF_TEXT_CAP),
          newText: capText(plan.newText, DIFF_TEXT_CAP),
        });
        const output =
          name === 'write_file'
            ? `${plan.created ? 'Created' : 'Wrote'} ${plan.rel} (${Buffer.byteLength(plan.newText)} bytes)`
            : `Edited ${plan.rel}`;
        return { ok: true, output };
      }
      case 'run_command': {
        const input = parsed.data as ToolInput<'run_command'>;
        const refused = await ask(ctx, name, `Run \`${input.command}\``, rawInput, {
          kind: 'command',
          command: capText(input.command, INPUT_TEXT_MAX_CHARS),
          cwd: ctx.cwd,
        });
        if (refused) return refused;
        return await runCommandTool(ctx, input.command, input.timeout_ms);
      }
      case 'update_todos': {
        const input = parsed.data as ToolInput<'update_todos'>;
        const items: TodoItem[] = input.items.map((item, i) => ({
          id: item.id ?? String(i + 1),
          content: item.content,
          status: item.status,
        }));
        ctx.emit({ type: 'todo_list', items });
        const done = items.filter((i) => i.status === 'completed').length;
        return { ok: true, output: `Task list updated: ${items.length} item(s), ${done} completed.` };
      }
      case 'spawn_subagent': {
        if (!ctx.spawnSubagent) return fail('sub-agents cannot spawn sub-agents');
        return await ctx.spawnSubagent(parsed.data as ToolInput<'spawn_subagent'>, ctx.toolCallId);
      }
    }
  } catch (error) {
    if (error instanceof ToolError) return fail(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    return fail(`${name} failed: ${code ? `${code} ` : ''}${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Runs a command for a tool call or a `!cmd`, streaming tool_output events. */
export async function runCommandTool(
  ctx: Pick<ToolContext, 'cwd' | 'toolCallId' | 'emit' | 'signal' | 'agentId'>,
  command: string,
  timeoutMs = DEFAULT_COMMAND_TIMEOUT_MS,
): Promise<ToolOutcome> {
  const batcher = new TextBatcher<'stdout' | 'stderr'>((stream, chunk) =>
    ctx.emit({ type: 'tool_output', toolCallId: ctx.toolCallId, ...(ctx.agentId && { agentId: ctx.agentId }), stream, chunk }),
  );
  const result = await runCommand(command, {
    cwd: ctx.cwd,
    timeoutMs,
    signal: ctx.signal,
    onOutput: (stream, chunk) => batcher.push(stream, chunk),
  });
  batcher.flush();
  const status = describeCommandResult(result, timeoutMs);
  const output = `${result.output}${result.output.endsWith('\n') || !result.output ? '' : '\n'}[${status}]`;
  if (result.interrupted) return { ok: false, output, error: status, interrupted: true };
  if (result.timedOut || result.exitCode !== 0) return { ok: false, output, error: status };
  return { ok: true, output };
}
