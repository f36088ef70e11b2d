import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { z } from 'zod';

import type { ChatMessage } from './agent/modelClient';
import type { EventBody } from './events';

/** What a session keeps on disk between runs (`$TERN_HOME/sessions/<id>.json`), and how it is read back. */
export const storedSessionSchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  active: z.boolean(),
  autoApprove: z.boolean(),
  stats: z.object({
    requests: z.number(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    cacheReadTokens: z.number(),
    cacheCreationTokens: z.number(),
  }),
  // The model context is OpenAI chat messages; stored as-is.
  messages: z.array(z.custom<ChatMessage>((v) => typeof v === 'object' && v !== null && 'role' in v)),
  history: z.array(z.object({ at: z.string(), body: z.custom<EventBody>((v) => typeof v === 'object' && v !== null && 'type' in v) })),
  seenInputIds: z.array(z.string()),
  /** A turn was running when this was saved (so a restart closes it). */
  turnOpen: z.boolean().optional(),
  /** The model chosen in the console for this session (absent: the configured default). */
  model: z.string().nullable().optional(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

export const sessionsDir = (home: string) => path.join(home, 'sessions');

/** Sessions of this instance saved by an earlier run (newest first). */
export function loadStoredSessions(home: string, instanceId: string): StoredSession[] {
  const dir = sessionsDir(home);
  if (!existsSync(dir)) return [];
  const out: StoredSession[] = [];
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    try {
      const parsed = storedSessionSchema.safeParse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
      if (parsed.success && parsed.data.instanceId === instanceId) out.push(parsed.data);
    } catch {
      // a damaged file is skipped, never fatal
    }
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * A context saved in the middle of a turn (crash, kill) can end with tool calls that never got results; the API
 * rejects that, so each missing result is filled in.
 */
export function repairContext(messages: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    out.push(message);
    if (message.role !== 'assistant' || !message.tool_calls?.length) continue;
    const answered = new Set<string>();
    while (messages[i + 1]?.role === 'tool') {
      const tool = messages[++i] as Extract<ChatMessage, { role: 'tool' }>;
      answered.add(tool.tool_call_id);
      out.push(tool);
    }
    for (const call of message.tool_calls) {
      if (!answered.has(call.id))
        out.push({ role: 'tool', tool_call_id: call.id, content: 'Not run: the CLI stopped before this tool call finished.' });
    }
  }
  return out;
}
