import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { SlashCommand } from '../protocol/remote';
import { emptyStats, MAIN_AGENT_TOOLS, MAIN_SYSTEM_PROMPT, runAgentLoop, type TurnStats, type UsageHooks } from './agent/loop';
import type { ChatMessage } from './agent/modelClient';
import { PermissionGate } from './agent/permissions';
import { runCommandTool } from './agent/tools';
import { type ModelConfig, NO_MODEL_NOTICE } from './config';
import { writePrivateFile } from './credentials';
import { capText, type EventBody, type PermissionDecision, type PermissionScope, TOOL_OUTPUT_CAP, type TurnEndReason } from './events';
import { closingEvents } from './openWork';
import { repairContext, sessionsDir, type StoredSession } from './sessionStore';

export { loadStoredSessions, repairContext, type StoredSession } from './sessionStore';

export interface SessionDeps {
  home: string;
  cwd: string;
  instanceId: string;
  model: ModelConfig | null;
  /** Hands an event to the outbox (ordered, acked, resent). */
  emit: (sessionId: string, body: EventBody) => void;
  /** `session:meta` (title / active). */
  meta: (sessionId: string, meta: { title?: string; active?: boolean }) => void;
  usage: UsageHooks;
  /** `/login-link`: asks the relay for a sign-in link; absent when offline. */
  loginLink?: () => Promise<string>;
}

/** The slash commands, as `cli:hello` announces them to the console's autocomplete (the same list as HELP_TEXT). */
export const SLASH_COMMANDS: SlashCommand[] = [
  { name: 'help', description: 'List the commands' },
  { name: 'clear', description: 'Clear the model context (the transcript stays)' },
  { name: 'stats', description: 'Model requests and tokens of this session' },
  { name: 'login-link', description: 'A link that signs a browser in as this CLI’s user' },
  { name: 'exit', description: 'End this session' },
];

export const HELP_TEXT = [
  'Commands:',
  '- `/help` — this list',
  '- `/clear` — clear the model context (the transcript stays)',
  '- `/stats` — model requests and tokens of this session',
  '- `/login-link` — a link that signs a browser in as this CLI’s user',
  '- `/exit` — end this session',
  '- `!<command>` — run a shell command in the working directory, e.g. `!git status`',
  'Anything else goes to the model.',
].join('\n');

const HISTORY_CAP = 2000;

interface QueuedInput {
  clientMsgId: string;
  text: string;
}

export class Session {
  readonly id: string;
  title: string;
  readonly createdAt: string;
  active = true;
  /** The model chosen in the console (null: the configured default). */
  model: string | null = null;
  /** Deleted in the console: it emits nothing more and is no longer saved. */
  private discarded = false;
  readonly permissions: PermissionGate;
  stats: TurnStats = emptyStats();
  private messages: ChatMessage[] = [{ role: 'system', content: MAIN_SYSTEM_PROMPT }];
  private readonly history: Array<{ at: string; body: EventBody }> = [];
  private readonly seenInputIds = new Set<string>();
  private readonly queue: QueuedInput[] = [];
  private current: AbortController | null = null;
  private turnOpen = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: SessionDeps,
    init: { id: string; autoApprove?: boolean; stored?: StoredSession },
  ) {
    this.id = init.id;
    this.permissions = new PermissionGate((body) => this.emit(body));
    const stored = init.stored;
    if (stored) {
      this.title = stored.title;
      this.createdAt = stored.createdAt;
      this.active = stored.active;
      this.permissions.autoApprove = stored.autoApprove;
      this.stats = stored.stats;
      this.messages = stored.messages.length ? repairContext(stored.messages) : this.messages;
      this.history.push(...stored.history);
      for (const id of stored.seenInputIds) this.seenInputIds.add(id);
      this.turnOpen = stored.turnOpen === true;
      this.model = stored.model ?? null;
    } else {
      this.title = 'New session';
      this.createdAt = new Date().toISOString();
      this.permissions.autoApprove = init.autoApprove ?? false;
    }
  }

  /**
   * After a restart: a turn that was running when the CLI stopped is closed with a notice, closing events for the tool
   * calls, permission requests and sub-agents it left open (see closingEvents), and turn_end.
   */
  closeInterruptedTurn(): void {
    if (!this.turnOpen) return;
    this.turnOpen = false;
    this.emit({
      type: 'notice',
      level: 'warning',
      text: 'The CLI restarted; the turn that was running was interrupted.',
      code: 'cli.turnRecovered',
    });
    for (const body of closingEvents(this.history)) this.emit(body);
    this.emit({ type: 'turn_end', reason: 'interrupted' });
    this.save();
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** The events this CLI emitted for the session (newest last, capped). */
  get events(): ReadonlyArray<{ at: string; body: EventBody }> {
    return this.history;
  }

  /** The model context (for tests and /stats). */
  get context(): ReadonlyArray<ChatMessage> {
    return this.messages;
  }

  emit(body: EventBody): void {
    if (this.discarded) return;
    this.history.push({ at: new Date().toISOString(), body });
    if (this.history.length > HISTORY_CAP) this.history.splice(0, this.history.length - HISTORY_CAP);
    this.deps.emit(this.id, body);
  }

  /**
   * Takes a user input (from the browser, via the relay). Returns false for a duplicate clientMsgId. Inputs run one
   * after another; the promise of the turn is available through `idle()`.
   */
  input(clientMsgId: string, text: string): boolean {
    if (this.seenInputIds.has(clientMsgId)) return false;
    this.seenInputIds.add(clientMsgId);
    this.queue.push({ clientMsgId, text });
    // The console shows where each message stands: taken now, its turn starting later (see drain).
    if (this.running) this.emit({ type: 'input_status', clientMsgId, status: 'received' });
    if (!this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }
    return true;
  }

  /** Resolves when every queued input has been handled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  interrupt(): void {
    for (const dropped of this.queue.splice(0)) this.emit({ type: 'input_status', clientMsgId: dropped.clientMsgId, status: 'dropped' });
    this.current?.abort();
  }

  /** The model configuration this session's requests use: the configured one, with the chosen model if any. */
  modelConfig(): ModelConfig | null {
    const config = this.deps.model;
    return config && { ...config, model: this.model ?? config.model };
  }

  /** `session:model` from the console: only a model the configuration offers (false otherwise, nothing changes). */
  setModel(model: string): boolean {
    if (!(this.deps.model?.models ?? [this.deps.model?.model]).includes(model)) return false;
    this.model = model;
    this.save();
    return true;
  }

  /** `session:rename` from the console: the relay already has the title, so no `session:meta` goes back. */
  rename(title: string): void {
    this.title = title;
    this.save();
  }

  /** `session:delete` from the console: stops its turn, emits nothing more, and removes its file. */
  discard(): void {
    this.interrupt();
    this.discarded = true;
    rmSync(path.join(sessionsDir(this.deps.home), `${this.id}.json`), { force: true });
  }

  setAutoApprove(value: boolean): void {
    this.permissions.autoApprove = value;
    this.save();
  }

  answerPermission(requestId: string, decision: PermissionDecision, scope: PermissionScope): boolean {
    return this.permissions.answer(requestId, decision, scope);
  }

  private async drain(): Promise<void> {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      const controller = new AbortController();
      this.current = controller;
      this.turnOpen = true;
      this.emit({ type: 'input_status', clientMsgId: next.clientMsgId, status: 'started' });
      this.save();
      let reason: TurnEndReason;
      try {
        reason = await this.runTurn(next.text, controller.signal);
      } catch (error) {
        this.emit({
          type: 'error',
          code: 'INTERNAL',
          message: `The turn failed: ${error instanceof Error ? error.message : String(error)}`,
        });
        reason = 'error';
      }
      this.current = null;
      this.turnOpen = false;
      this.emit({ type: 'turn_end', reason: controller.signal.aborted ? 'interrupted' : reason });
      this.save();
    }
  }

  private async runTurn(text: string, signal: AbortSignal): Promise<TurnEndReason> {
    const trimmed = text.trim();
    if (!this.active) {
      this.emit({
        type: 'notice',
        level: 'warning',
        text: 'This session has ended (/exit). Start a new session to continue.',
        code: 'cli.sessionEnded',
      });
      return 'completed';
    }
    const isSlash = /^\/[a-z][a-z-]*(?:\s|$)/.test(trimmed);
    if (this.title === 'New session' && trimmed && !isSlash) {
      this.title = trimmed.length > 60 ? trimmed.slice(0, 57) + '…' : trimmed;
      this.deps.meta(this.id, { title: this.title });
    }
    if (trimmed.startsWith('!')) return this.runShell(trimmed.slice(1).trim(), signal);
    const slash = /^\/([a-z][a-z-]*)(?:\s+(.*))?$/s.exec(trimmed);
    if (slash) return this.runSlash(slash[1]!);
    const model = this.modelConfig();
    if (!model) {
      this.emit({ type: 'notice', level: 'warning', text: NO_MODEL_NOTICE, code: 'cli.noModel' });
      return 'completed';
    }
    this.messages.push({ role: 'user', content: text });
    const result = await runAgentLoop(
      {
        cwd: this.deps.cwd,
        model,
        emit: (body) => this.emit(body),
        permissions: this.permissions,
        signal,
        usage: this.deps.usage,
        stats: this.stats,
      },
      this.messages,
      { tools: MAIN_AGENT_TOOLS, quiet: false },
    );
    return result.reason;
  }

  private async runShell(command: string, signal: AbortSignal): Promise<TurnEndReason> {
    if (!command) {
      this.emit({ type: 'notice', level: 'info', text: 'Type a shell command after `!`, e.g. `!ls -la`.', code: 'cli.shellUsage' });
      return 'completed';
    }
    const toolCallId = randomUUID();
    const input = { command };
    const title = `Run \`${command.length > 80 ? command.slice(0, 77) + '…' : command}\``;
    this.emit({ type: 'tool_call', toolCallId, name: 'shell', title, input, status: 'executing' });
    const outcome = await runCommandTool({ cwd: this.deps.cwd, toolCallId, emit: (body) => this.emit(body), signal }, command);
    this.emit({
      type: 'tool_call',
      toolCallId,
      name: 'shell',
      title,
      input,
      status: outcome.ok ? 'completed' : 'failed',
      output: capText(outcome.output, TOOL_OUTPUT_CAP),
      ...(!outcome.ok && { error: outcome.error ?? 'failed' }),
    });
    // The model sees what the user ran, so a follow-up question can refer to it.
    this.messages.push({ role: 'user', content: `I ran \`${command}\` myself. Output:\n${capText(outcome.output, 8 * 1024)}` });
    this.messages.push({ role: 'assistant', content: 'Noted.' });
    return outcome.interrupted ? 'interrupted' : 'completed';
  }

  private async runSlash(command: string): Promise<TurnEndReason> {
    switch (command) {
      case 'help':
        this.emit({ type: 'notice', level: 'info', text: HELP_TEXT, code: 'cli.help' });
        return 'completed';
      case 'clear':
        this.messages = [{ role: 'system', content: MAIN_SYSTEM_PROMPT }];
        this.emit({
          type: 'notice',
          level: 'info',
          text: 'Context cleared. The model no longer sees the earlier conversation.',
          code: 'cli.cleared',
        });
        return 'completed';
      case 'stats': {
        const s = this.stats;
        const model = this.modelConfig();
        this.emit({
          type: 'notice',
          level: 'info',
          text: `Session stats: ${s.requests} model request(s), ${s.inputTokens} input tokens, ${s.outputTokens} output tokens, ${s.cacheReadTokens} cache-read tokens, ${s.cacheCreationTokens} cache-write tokens.${model ? ` Model: ${model.model}.` : ' No model configured.'}`,
          code: 'cli.stats',
          params: {
            requests: s.requests,
            inputTokens: s.inputTokens,
            outputTokens: s.outputTokens,
            cacheReadTokens: s.cacheReadTokens,
            cacheCreationTokens: s.cacheCreationTokens,
            ...(model && { model: model.model }),
          },
        });
        return 'completed';
      }
      case 'login-link': {
        if (!this.deps.loginLink) {
          this.emit({
            type: 'notice',
            level: 'warning',
            text: 'A sign-in link needs a connection to the relay.',
            code: 'cli.loginLinkOffline',
          });
          return 'completed';
        }
        try {
          const url = await this.deps.loginLink();
          this.emit({
            type: 'notice',
            level: 'info',
            text: `Sign-in link (valid for a short time, use it once): ${url}`,
            code: 'cli.loginLink',
            params: { url },
          });
        } catch (error) {
          this.emit({ type: 'error', code: 'LOGIN_LINK_FAILED', message: error instanceof Error ? error.message : String(error) });
        }
        return 'completed';
      }
      case 'exit':
        this.active = false;
        this.emit({ type: 'notice', level: 'info', text: 'Session ended.', code: 'cli.exit' });
        this.deps.meta(this.id, { active: false });
        return 'completed';
      default:
        this.emit({
          type: 'notice',
          level: 'warning',
          text: `Unknown command /${command}. Type /help for the list.`,
          code: 'cli.unknownCommand',
          params: { command },
        });
        return 'completed';
    }
  }

  toStored(): StoredSession {
    return {
      id: this.id,
      instanceId: this.deps.instanceId,
      title: this.title,
      createdAt: this.createdAt,
      active: this.active,
      autoApprove: this.permissions.autoApprove,
      stats: this.stats,
      messages: this.messages,
      history: this.history,
      seenInputIds: [...this.seenInputIds].slice(-500),
      turnOpen: this.turnOpen,
      model: this.model,
    };
  }

  save(): void {
    if (this.discarded) return;
    try {
      mkdirSync(sessionsDir(this.deps.home), { recursive: true, mode: 0o700 });
      writePrivateFile(path.join(sessionsDir(this.deps.home), `${this.id}.json`), JSON.stringify(this.toStored()));
    } catch (error) {
      console.error(`tern: could not save session ${this.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
