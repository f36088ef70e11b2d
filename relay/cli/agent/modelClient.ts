/**
 * A streaming client for any OpenAI-compatible chat-completions endpoint (`<baseUrl>/chat/completions`) with tool
 * calling. Text deltas are handed out as they arrive; tool calls are accumulated by index across chunks.
 */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
}

export interface ChatResult {
  content: string;
  toolCalls: ChatToolCall[];
  finishReason: string | null;
  usage: ChatUsage | null;
}

export interface ChatRequest {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  signal?: AbortSignal;
  onTextDelta?: (text: string) => void;
}

export class ModelError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface StreamChunk {
  choices?: Array<{
    index?: number;
    delta?: {
      role?: string;
      content?: string | null;
      tool_calls?: Array<{ index?: number; id?: string; type?: string; function?: { name?: string; arguments?: string } }>;
    };
    finish_reason?: string | null;
  }>;
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number } | null;
    cache_creation_input_tokens?: number;
    cache_read_input_tokens?: number;
  } | null;
  error?: { message?: string };
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

export function usageFromChunk(usage: NonNullable<StreamChunk['usage']>): ChatUsage {
  return {
    inputTokens: num(usage.prompt_tokens),
    outputTokens: num(usage.completion_tokens),
    cacheReadTokens: num(usage.prompt_tokens_details?.cached_tokens ?? usage.cache_read_input_tokens),
    cacheCreationTokens: num(usage.cache_creation_input_tokens),
  };
}

/** Splits an SSE byte stream into `data:` payloads. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let sep: number;
      while ((sep = buffer.search(/\r?\n\r?\n/)) !== -1) {
        const rawEvent = buffer.slice(0, sep);
        buffer = buffer.slice(sep + (buffer[sep] === '\r' ? 4 : 2));
        const data = rawEvent
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (data) yield data;
      }
    }
    buffer += decoder.decode();
    const tail = buffer
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (tail) yield tail;
  } finally {
    reader.releaseLock();
  }
}

export async function streamChat(request: ChatRequest): Promise<ChatResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (request.apiKey) headers.authorization = `Bearer ${request.apiKey}`;
  const body = {
    model: request.model,
    messages: request.messages,
    stream: true,
    stream_options: { include_usage: true },
    ...(request.tools && request.tools.length > 0 && { tools: request.tools, tool_choice: 'auto' }),
  };
  const send = async (payload: object): Promise<Response> => {
    try {
      return await fetch(`${request.baseUrl}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
        ...(request.signal && { signal: request.signal }),
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new ModelError(`model endpoint unreachable (${request.baseUrl}): ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let response = await send(body);
  if (response.status === 400) {
    const text = await response.text().catch(() => '');
    // Some compatible servers do not know stream_options: ask once more without it (no usage then).
    if (/stream_options/.test(text)) {
      const { stream_options: _dropped, ...rest } = body;
      response = await send(rest);
    } else {
      throw new ModelError(`model request failed with HTTP 400: ${text.slice(0, 500)}`, 400);
    }
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new ModelError(`model request failed with HTTP ${response.status}: ${text.slice(0, 500)}`, response.status);
  }
  if (response.headers.get('content-type')?.includes('application/json')) return fromCompletion(await response.json(), request);

  let content = '';
  let finishReason: string | null = null;
  let usage: ChatUsage | null = null;
  const calls = new Map<number, ChatToolCall>();
  for await (const data of sseData(response.body)) {
    if (data.trim() === '[DONE]') break;
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(data) as StreamChunk;
    } catch {
      continue;
    }
    if (chunk.error) throw new ModelError(`model error: ${chunk.error.message ?? 'unknown'}`);
    if (chunk.usage) usage = usageFromChunk(chunk.usage);
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta;
      if (delta?.content) {
        content += delta.content;
        request.onTextDelta?.(delta.content);
      }
      for (const tc of delta?.tool_calls ?? []) {
        const index = tc.index ?? 0;
        let call = calls.get(index);
        if (!call) {
          call = { id: '', type: 'function', function: { name: '', arguments: '' } };
          calls.set(index, call);
        }
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.function.name += tc.function.name;
        if (tc.function?.arguments) call.function.arguments += tc.function.arguments;
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  }
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({ ...call, id: call.id || `call_${index}_${Date.now().toString(36)}` }));
  return { content, toolCalls, finishReason, usage };
}

interface Completion {
  choices?: Array<{ message?: { content?: string | null; tool_calls?: ChatToolCall[] }; finish_reason?: string | null }>;
  usage?: StreamChunk['usage'];
  error?: { message?: string };
}

/** A server that ignored `stream: true` and answered with one JSON completion. */
function fromCompletion(json: unknown, request: ChatRequest): ChatResult {
  const completion = (json && typeof json === 'object' ? json : {}) as Completion;
  if (completion.error) throw new ModelError(`model error: ${completion.error.message ?? 'unknown'}`);
  const choice = completion.choices?.[0];
  const content = choice?.message?.content ?? '';
  if (content) request.onTextDelta?.(content);
  const toolCalls = (choice?.message?.tool_calls ?? []).map((call, index) => ({
    id: call.id || `call_${index}`,
    type: 'function' as const,
    function: { name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' },
  }));
  return {
    content,
    toolCalls,
    finishReason: choice?.finish_reason ?? null,
    usage: completion.usage ? usageFromChunk(completion.usage) : null,
  };
}
