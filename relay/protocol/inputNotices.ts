import { z } from 'zod';

import { id, uuid } from './fields';
import { remoteErrorSchema } from './remote';

/**
 * Input notices (docs/protocol.md "Input notices"): the same for a browser window's input. A window whose
 * `session:join` said `inputNotices: true`, and whose join ack said it back, may send `session:input` to that session
 * without an ack. The relay then answers it in what it sends the window anyway: the input's stored copy, as a notice
 * with its `at` and `clientMsgId` among the stored copies (riding in the window's next live copy, or in a
 * `session:events` of their own after NOTICE_HOLD_MS), or whole in a replay; a refusal comes as `session:refused`. The
 * window's outbox settles the input by its clientMsgId; a window that hears nothing keeps it, and sends it again after
 * a reconnect (the relay dedupes by clientMsgId).
 */
export const INPUT_REFUSED = 'session:refused' as const;
export const inputRefusedSchema = z.object({ sessionId: uuid, clientMsgId: id, error: remoteErrorSchema });
export type InputRefused = z.infer<typeof inputRefusedSchema>;
/** The two ids of a refusal, checked before its error is read (an error this side cannot fully read is still one). */
export const inputIdsSchema = inputRefusedSchema.pick({ sessionId: true, clientMsgId: true });
