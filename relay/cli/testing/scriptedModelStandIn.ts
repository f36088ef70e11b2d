/**
 * Scripted model stand-in: a local OpenAI-compatible chat-completions server for tests (not a model). It plays a
 * script — each incoming request takes the first unused step whose `match` fits — and streams the answer as SSE
 * chunks shaped exactly like OpenAI's (role chunk, content deltas, tool-call deltas split across chunks,
 * finish_reason, a final usage chunk, `[DONE]`). Every request body is recorded.
 *
 *   node --import tsx relay/cli/testing/scriptedModelStandIn.ts --script relay/cli/testing/scripts/edit-file.json --port 0
 *
 * prints the base URL (`http://127.0.0.1:<port>/v1`, use it as TERN_MODEL_URL) on stdout. `GET /v1/requests` returns
 * the recorded requests, `POST /v1/reset` rewinds the script.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

import { z } from 'zod';

const toolCallStepSchema = z.object({
  id: z.string().optional(),
  name: z.string().min(1),
  /** An object (serialised to JSON) or a raw string (sent as-is, e.g. to test broken JSON). */
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
});

export const scriptStepSchema = z.object({
  /** Optional conditions; a step without `match` fits any request. */
  match: z
    .object({
      /** The last user message contains this text. */
      lastUserIncludes: z.string().optional(),
      /** The system message contains this text (e.g. "sub-agent" for a sub-agent's requests). */
      systemIncludes: z.string().optional(),
      /** The role of the last message (`user` for a fresh turn, `tool` after tool results). */
      lastRole: z.enum(['user', 'tool', 'assistant', 'system']).optional(),
    })
    .optional(),
  /** Assistant text, streamed in small deltas. */
  text: z.string().optional(),
  toolCalls: z.array(toolCallStepSchema).optional(),
  /** Milliseconds between chunks (default 0; use it to make streaming visible or to interrupt mid-stream). */
  chunkDelayMs: z.number().int().nonnegative().optional(),
  /** Keep the stream open after the text until the client disconnects (for interrupt tests). */
  hang: z.boolean().optional(),
  /** Answer with an HTTP error instead of a stream. */
  error: z.object({ status: z.number().int(), message: z.string() }).optional(),
  usage: z
    .object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), cached_tokens: z.number().int().optional() })
    .optional(),
});
export type ScriptStep = z.infer<typeof scriptStepSchema>;

export const scriptSchema = z.object({
  steps: z.array(scriptStepSchema),
  /** Played (not consumed) when no step fits; without it such a request gets HTTP 500. */
  fallback: scriptStepSchema.optional(),
});
export type Script = z.infer<typeof scriptSchema>;

interface RecordedMessage {
  role: string;
  content?: unknown;
  tool_calls?: unknown;
  tool_call_id?: string;
}

export interface RecordedRequest {
  model: string;
  messages: RecordedMessage[];
  tools: Array<{ function?: { name?: string } }>;
  stream: boolean;
  streamOptions: unknown;
  authorization: string | undefined;
  /** Index of the script step played (-1 for the fallback, null when nothing fitted). */
  step: number | null;
}

export interface ScriptedModel {
  /** Base URL, e.g. `http://127.0.0.1:1234/v1` (TERN_MODEL_URL). */
  url: string;
  requests: RecordedRequest[];
  /** How many steps have been played. */
  readonly played: number;
  reset(script?: Script): void;
  close(): Promise<void>;
}

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((p) => (p && typeof p === 'object' && 'text' in p ? String((p as { text: unknown }).text) : '')).join('');
  return '';
};

function fits(step: ScriptStep, messages: RecordedMessage[]): boolean {
  const m = step.match;
  if (!m) return true;
  if (m.lastUserIncludes !== undefined) {
    const lastUser = [...messages].reverse().find((msg) => msg.role === 'user');
    if (!lastUser || !textOf(lastUser.content).includes(m.lastUserIncludes)) return false;
  }
  if (m.systemIncludes !== undefined) {
    const system = messages.find((msg) => msg.role === 'system');
    if (!system || !textOf(system.content).includes(m.systemIncludes)) return false;
  }
  if (m.lastRole !== undefined && messages[messages.length - 1]?.role !== m.lastRole) return false;
  return true;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function splitText(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startScriptedModel(initial: Script, options: { port?: number; host?: string } = {}): Promise<ScriptedModel> {
  let script = scriptSchema.parse(initial);
  let used = new Set<number>();
  let callCounter = 0;
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();

  const play = async (res: ServerResponse, step: ScriptStep, model: string, includeUsage: boolean) => {
    if (step.error) {
      res.writeHead(step.error.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: step.error.message, type: 'stand_in_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    open.add(res);
    let closed = false;
    res.on('close', () => {
      closed = true;
      open.delete(res);
    });
    const id = `chatcmpl-standin-${++callCounter}`;
    const created = Math.floor(Date.now() / 1000);
    const delay = step.chunkDelayMs ?? 0;
    const send = async (chunk: object) => {
      if (closed) return;
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, ...chunk })}\n\n`);
      if (delay) await sleep(delay);
    };
    const choice = (delta: object, finishReason: string | null = null) => ({
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });

    await send(choice({ role: 'assistant', content: '' }));
    for (const part of splitText(step.text ?? '', 7)) await send(choice({ content: part }));
    if (step.hang) {
      await new Promise<void>((resolve) => (closed ? resolve() : res.on('close', () => resolve())));
      return;
    }
    const calls = step.toolCalls ?? [];
    for (const [index, call] of calls.entries()) {
      const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
      const callId = call.id ?? `call_standin_${callCounter}_${index}`;
      await send(choice({ tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: '' } }] }));
      // Arguments arrive in pieces, as with the real API.
      for (const piece of splitText(args, Math.max(1, Math.ceil(args.length / 3)))) {
        await send(choice({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    }
    await send(choice({}, calls.length ? 'tool_calls' : 'stop'));
    if (includeUsage) {
      const promptTokens = step.usage?.prompt_tokens ?? Math.ceil(JSON.stringify(requests[requests.length - 1]?.messages ?? []).length / 4);
      const completionTokens =
        step.usage?.completion_tokens ?? Math.ceil(((step.text ?? '').length + JSON.stringify(calls).length) / 4) + 1;
      await send({
        choices: [],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
          prompt_tokens_details: { cached_tokens: step.usage?.cached_tokens ?? 0 },
        },
      });
    }
    if (!closed) res.end('data: [DONE]\n\n');
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const route = url.pathname.replace(/^\/v1/, '');
      if (req.method === 'GET' && route === '/requests') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(requests));
        return;
      }
      if (req.method === 'POST' && route === '/reset') {
        used = new Set();
        requests.length = 0;
        res.writeHead(204).end();
        return;
      }
      if (req.method !== 'POST' || route !== '/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `not found: ${req.method} ${url.pathname}` } }));
        return;
      }
      let body: { model?: unknown; messages?: unknown; tools?: unknown; stream?: unknown; stream_options?: unknown };
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'body is not JSON' } }));
        return;
      }
      const messages = Array.isArray(body.messages) ? (body.messages as RecordedMessage[]) : [];
      const model = typeof body.model === 'string' ? body.model : 'scripted';
      let index = script.steps.findIndex((step, i) => !used.has(i) && fits(step, messages));
      let step: ScriptStep | undefined;
      if (index !== -1) {
        used.add(index);
        step = script.steps[index];
      } else if (script.fallback) {
        index = -1;
        step = script.fallback;
      }
      requests.push({
        model,
        messages,
        tools: Array.isArray(body.tools) ? (body.tools as RecordedRequest['tools']) : [],
        stream: body.stream === true,
        streamOptions: body.stream_options,
        authorization: req.headers.authorization,
        step: step ? index : null,
      });
      if (!step) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'scripted model stand-in: no script step fits this request' } }));
        return;
      }
      const includeUsage =
        typeof body.stream_options === 'object' &&
        body.stream_options !== null &&
        (body.stream_options as { include_usage?: unknown }).include_usage === true;
      await play(res, step, model, includeUsage);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: error instanceof Error ? error.message : String(error) } }));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    requests,
    get played() {
      return used.size;
    },
    reset(next?: Script) {
      if (next) script = scriptSchema.parse(next);
      used = new Set();
      requests.length = 0;
    },
    close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { script: { type: 'string' }, port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } },
  });
  if (!values.script) {
    console.error('Usage: node --import tsx relay/cli/testing/scriptedModelStandIn.ts --script <file.json> [--port 0] [--host 127.0.0.1]');
    process.exit(2);
  }
  const script = scriptSchema.parse(JSON.parse(readFileSync(values.script, 'utf8')));
  const model = await startScriptedModel(script, { port: Number(values.port), host: values.host });
  console.log(model.url);
  const stop = () => void model.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
