import { randomUUID } from 'node:crypto';

import type { RemoteErrorCode } from '../../protocol/remote';
import type { ModelConfig } from '../config';
import { capText, type EventBody, TOOL_OUTPUT_CAP, type TurnEndReason } from '../events';
import { TextBatcher } from './batcher';
import { type ChatMessage, type ChatUsage, ModelError, streamChat } from './modelClient';
import type { PermissionGate } from './permissions';
import { executeTool, MAIN_AGENT_TOOLS, SUBAGENT_TOOLS, TOOL_DEFINITIONS, type ToolName, type ToolOutcome, toolTitle } from './tools';

export type AuthorizeResult =
  | { ok: true }
  | { ok: false; code: Extract<RemoteErrorCode, 'RATE_LIMITED' | 'QUOTA_EXCEEDED'>; message: string; retryAfterSeconds?: number };

/** The relay's usage hooks (`usage:authorize` before, `usage:report` after every model request). */
export interface UsageHooks {
  authorize(model: string): Promise<AuthorizeResult>;
  report(report: { requestId: string; model: string } & ChatUsage): Promise<void>;
}

export const noUsageHooks: UsageHooks = {
  authorize: async () => ({ ok: true }),
  report: async () => {},
};

export interface TurnStats {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
}

export const emptyStats = (): TurnStats => ({ requests: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 });

export interface AgentContext {
  cwd: string;
  model: ModelConfig;
  emit: (body: EventBody) => void;
  permissions: PermissionGate;
  signal: AbortSignal;
  usage: UsageHooks;
  stats: TurnStats;
  /** Model requests per turn before it ends with reason `limit`. */
  maxSteps?: number;
  /** Set inside a sub-agent: its id, carried on the tool events it causes (`agentId` in the protocol). */
  agentId?: string;
}

export const MAIN_SYSTEM_PROMPT = `You are Tern, a coding assistant working in the user's project directory through tools.
Use list_files and read_file to look before you change anything; change files with edit_file (exact, unique matches) or write_file.
Use run_command to build, test or inspect. Keep a task list with update_todos for multi-step work.
Use spawn_subagent for self-contained investigations. Answer in concise markdown.`;

export const SUBAGENT_SYSTEM_PROMPT = `You are a Tern sub-agent. Complete the delegated task using read-only tools (read_file, list_files) and run_command.
Do not modify files. Finish with a short summary of what you found.`;

interface LoopOptions {
  tools: ToolName[];
  /** Sub-agents do not stream their text into the chat; their summary is the result. */
  quiet: boolean;
}

export interface LoopResult {
  reason: TurnEndReason;
  /** The last assistant text (the sub-agent's summary). */
  lastText: string;
  error?: string;
}

/**
 * Runs model requests and tool calls until the model answers without tool calls. `messages` is the conversation
 * (mutated: assistant and tool messages are appended). Does not emit turn_end; the caller does.
 */
export async function runAgentLoop(ctx: AgentContext, messages: ChatMessage[], options: LoopOptions): Promise<LoopResult> {
  const maxSteps = ctx.maxSteps ?? 50;
  let lastText = '';
  for (let step = 0; step < maxSteps; step++) {
    if (ctx.signal.aborted) return { reason: 'interrupted', lastText };
    const auth = await ctx.usage.authorize(ctx.model.model);
    if (!auth.ok) {
      const retry = auth.retryAfterSeconds ? ` Try again in ${auth.retryAfterSeconds} s.` : '';
      const text =
        auth.code === 'QUOTA_EXCEEDED'
          ? `Your credits are used up, so the model request was not sent.${retry} Buy a plan or redeem a code on the website. (${auth.message})`
          : `Rate limit reached, so the model request was not sent.${retry} (${auth.message})`;
      ctx.emit({
        type: 'notice',
        level: 'warning',
        text,
        code: 'cli.limit',
        params: { reason: auth.code, ...(auth.retryAfterSeconds !== undefined && { retryAfterSeconds: auth.retryAfterSeconds }) },
      });
      return { reason: 'limit', lastText, error: text };
    }
    const messageId = randomUUID();
    const deltas = new TextBatcher<'text'>((_key, text) => {
      if (!options.quiet) ctx.emit({ type: 'assistant_delta', messageId, text });
    });
    let streamed = '';
    const requestId = randomUUID();
    let result;
    try {
      result = await streamChat({
        baseUrl: ctx.model.baseUrl,
        apiKey: ctx.model.apiKey,
        model: ctx.model.model,
        messages,
        tools: options.tools.map((name) => TOOL_DEFINITIONS[name]),
        signal: ctx.signal,
        onTextDelta: (text) => {
          streamed += text;
          deltas.push('text', text);
        },
      });
    } catch (error) {
      deltas.flush();
      ctx.stats.requests += 1;
      if (ctx.signal.aborted) {
        if (streamed && !options.quiet) ctx.emit({ type: 'assistant_message', messageId, text: streamed });
        if (streamed) messages.push({ role: 'assistant', content: streamed });
        return { reason: 'interrupted', lastText: streamed || lastText };
      }
      const message =
        error instanceof ModelError ? error.message : `model request failed: ${error instanceof Error ? error.message : String(error)}`;
      const status = error instanceof ModelError ? error.status : undefined;
      ctx.emit({ type: 'error', code: 'MODEL_ERROR', message, ...(status !== undefined && { params: { status } }) });
      return { reason: 'error', lastText, error: message };
    }
    deltas.flush();
    ctx.stats.requests += 1;
    if (result.usage) {
      ctx.stats.inputTokens += result.usage.inputTokens;
      ctx.stats.outputTokens += result.usage.outputTokens;
      ctx.stats.cacheReadTokens += result.usage.cacheReadTokens;
      ctx.stats.cacheCreationTokens += result.usage.cacheCreationTokens;
    }
    await ctx.usage.report({
      requestId,
      model: ctx.model.model,
      ...(result.usage ?? { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 }),
    });
    if (result.content) {
      lastText = result.content;
      if (!options.quiet) ctx.emit({ type: 'assistant_message', messageId, text: result.content });
    }
    messages.push({
      role: 'assistant',
      content: result.content || null,
      ...(result.toolCalls.length > 0 && { tool_calls: result.toolCalls }),
    });
    if (result.toolCalls.length === 0) return { reason: 'completed', lastText };

    for (let i = 0; i < result.toolCalls.length; i++) {
      const call = result.toolCalls[i]!;
      if (ctx.signal.aborted) {
        for (const rest of result.toolCalls.slice(i))
          messages.push({ role: 'tool', tool_call_id: rest.id, content: 'Not run: the user interrupted the turn.' });
        return { reason: 'interrupted', lastText };
      }
      const outcome = await runToolCall(ctx, call.function.name, call.function.arguments, options);
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: outcome.ok ? outcome.output : `Error: ${outcome.error ?? 'failed'}${outcome.output ? `\n${outcome.output}` : ''}`,
      });
      if (outcome.interrupted || ctx.signal.aborted) {
        for (const rest of result.toolCalls.slice(i + 1))
          messages.push({ role: 'tool', tool_call_id: rest.id, content: 'Not run: the user interrupted the turn.' });
        return { reason: 'interrupted', lastText };
      }
    }
  }
  ctx.emit({
    type: 'notice',
    level: 'warning',
    text: `Stopped after ${maxSteps} model requests in one turn.`,
    code: 'cli.maxSteps',
    params: { maxSteps },
  });
  return { reason: 'limit', lastText };
}

async function runToolCall(ctx: AgentContext, name: string, rawArguments: string, options: LoopOptions): Promise<ToolOutcome> {
  const toolCallId = randomUUID();
  let input: unknown;
  let parseError: string | undefined;
  try {
    input = rawArguments.trim() ? JSON.parse(rawArguments) : {};
  } catch (error) {
    input = { raw: rawArguments };
    parseError = `arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const title = toolTitle(name, input);
  const agent = ctx.agentId !== undefined ? { agentId: ctx.agentId } : {};
  ctx.emit({ type: 'tool_call', toolCallId, ...agent, name, title, input, status: 'executing' });
  let outcome: ToolOutcome;
  if (parseError) outcome = { ok: false, output: '', error: parseError };
  else if (!(options.tools as string[]).includes(name)) outcome = { ok: false, output: '', error: `tool ${name} is not available here` };
  else {
    outcome = await executeTool(name, input, {
      cwd: ctx.cwd,
      toolCallId,
      emit: ctx.emit,
      permissions: ctx.permissions,
      signal: ctx.signal,
      ...agent,
      ...(options.tools.includes('spawn_subagent') && { spawnSubagent: (sub, parent) => runSubagent(ctx, sub, parent) }),
    });
  }
  ctx.emit({
    type: 'tool_call',
    toolCallId,
    ...agent,
    name,
    title,
    input,
    status: outcome.ok ? 'completed' : 'failed',
    ...(outcome.output && { output: capText(outcome.output, TOOL_OUTPUT_CAP) }),
    ...(!outcome.ok && { error: outcome.error ?? 'failed' }),
  });
  return outcome;
}

const SUMMARY_CAP = 4000;

async function runSubagent(ctx: AgentContext, input: { title: string; task: string }, parentToolCallId: string): Promise<ToolOutcome> {
  const agentId = randomUUID();
  const emitStatus = (status: 'initializing' | 'running' | 'completed' | 'failed' | 'cancelled', summary?: string) =>
    ctx.emit({ type: 'subagent', agentId, parentToolCallId, title: input.title, status, ...(summary !== undefined && { summary }) });
  emitStatus('initializing');
  const messages: ChatMessage[] = [
    { role: 'system', content: SUBAGENT_SYSTEM_PROMPT },
    { role: 'user', content: input.task },
  ];
  emitStatus('running');
  let result: LoopResult;
  try {
    result = await runAgentLoop({ ...ctx, maxSteps: 20, agentId }, messages, { tools: SUBAGENT_TOOLS, quiet: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    emitStatus('failed', message);
    return { ok: false, output: '', error: `sub-agent failed: ${message}` };
  }
  const summary = capText(result.lastText || '(no summary)', SUMMARY_CAP);
  if (result.reason === 'completed') {
    emitStatus('completed', summary);
    return { ok: true, output: summary };
  }
  if (result.reason === 'interrupted') {
    emitStatus('cancelled', result.lastText ? summary : 'Cancelled by the user.');
    return { ok: false, output: '', error: 'sub-agent cancelled', interrupted: true };
  }
  const why = result.error ?? (result.reason === 'limit' ? 'stopped at its request limit' : 'failed');
  emitStatus('failed', why);
  return { ok: false, output: result.lastText, error: `sub-agent ${why}` };
}

export { MAIN_AGENT_TOOLS };
