import { z } from 'zod';

import { uuid } from './fields';
import { plain, text } from './text';

/**
 * Session management (issue #13, item 8): rename, delete, content search, the model a session uses and the CLI's
 * slash commands. The payload schemas live here; remote.ts re-exports them and ties them to acks in remoteEvents.ts.
 * Browser-safe.
 */

/** A model name as the CLI's configuration spells it (`gpt-4o-mini`, `claude-sonnet-4`). */
export const modelNameSchema = plain(z.string().min(1).max(200));
/** How many models a CLI may offer. */
export const MODELS_MAX = 50;

/**
 * A slash command the CLI understands, as it announces it in `cli:hello` (the console's autocomplete): `name` without
 * the slash, `description` the CLI's English text (the console shows its own translation for names it knows), `args` a
 * hint for an argument (`<model>`), when it takes one.
 */
export const slashCommandSchema = z.object({
  name: plain(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'a lowercase command name (a-z, 0-9, -)')),
  description: text(300),
  args: text(100).optional(),
});
export type SlashCommand = z.infer<typeof slashCommandSchema>;
export const SLASH_COMMANDS_MAX = 100;

/** A session title set by the user: trimmed, 1 to 200 characters. */
export const SESSION_TITLE_MAX = 200;
export const sessionTitleSchema = text(SESSION_TITLE_MAX).pipe(z.string().trim().min(1, 'the title is empty'));

/** Browser → relay `session:rename`; relay → CLI `session:rename` (same shape). */
export const sessionRenameSchema = z.object({ sessionId: uuid, title: sessionTitleSchema });
export type SessionRename = z.infer<typeof sessionRenameSchema>;

/** Browser → relay `session:delete`; relay → CLI `session:delete` (same shape): end and forget the session. */
export const sessionDeleteSchema = z.object({ sessionId: uuid });
export type SessionDelete = z.infer<typeof sessionDeleteSchema>;

/** Browser → relay `session:model`; relay → CLI `session:model`: the model the session's next requests use. */
export const sessionModelSchema = z.object({ sessionId: uuid, model: modelNameSchema });
export type SessionModel = z.infer<typeof sessionModelSchema>;

/** Browser → relay `sessions:search`: the instance's sessions whose title or messages contain `query` (any case). */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_RESULTS_MAX = 200;
export const sessionsSearchSchema = z.object({
  instanceId: uuid,
  query: text(SEARCH_QUERY_MAX).pipe(z.string().trim().min(1, 'the query is empty')),
});
export type SessionsSearch = z.infer<typeof sessionsSearchSchema>;

/** Relay → browser `session:deleted`: a session is gone (deleted in another window, or this one). */
export const sessionDeletedSchema = z.object({ instanceId: uuid, sessionId: uuid });
export type SessionDeleted = z.infer<typeof sessionDeletedSchema>;
