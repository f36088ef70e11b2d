/**
 * The session event bodies the CLI emits: the protocol's union (relay/protocol/remote.ts) minus `user_message`,
 * which only the relay writes.
 */
import type { z } from 'zod';

import {
  FILE_DIFF_MAX_CHARS,
  type permissionDecisionSchema,
  type permissionScopeSchema,
  type SessionEventBody,
  type TodoItem as ProtocolTodoItem,
  TOOL_OUTPUT_MAX_CHARS,
} from '../protocol/remote';

export type EventBody = Exclude<SessionEventBody, { type: 'user_message' }>;
export type EventType = EventBody['type'];
export type TodoItem = ProtocolTodoItem;
export type TurnEndReason = Extract<EventBody, { type: 'turn_end' }>['reason'];
export type PermissionDecision = z.infer<typeof permissionDecisionSchema>;
export type PermissionScope = z.infer<typeof permissionScopeSchema>;

/** Caps from the protocol: tool output 64 KB, diff texts 256 KB each. */
export const TOOL_OUTPUT_CAP = TOOL_OUTPUT_MAX_CHARS;
export const DIFF_TEXT_CAP = FILE_DIFF_MAX_CHARS;

/** Cuts a text to at most `cap` characters (and bytes), marking the cut. */
export function capText(text: string, cap: number): string {
  if (text.length <= cap && Buffer.byteLength(text, 'utf8') <= cap) return text;
  const marker = '\n…[truncated]';
  const buf = Buffer.from(text, 'utf8').subarray(0, cap - Buffer.byteLength(marker));
  // Drop a trailing partial UTF-8 sequence.
  return buf.toString('utf8').replace(/\uFFFD+$/, '') + marker;
}
