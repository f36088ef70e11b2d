import { z } from 'zod';

/**
 * Command receipts (issue #15, docs/protocol.md "Command receipts"): how a CLI confirms a command without an ack packet
 * of its own.
 *
 * A relay command normally goes to the CLI with a Socket.IO ack, and the CLI's `{ ok: true }` comes back as a packet of
 * its own, beside the event that usually answers the command in the same turn (an input's `input_status`, a model's
 * answer). A CLI whose `cli:hello` says `receipts: true` may instead be sent a command with a receipt number as its
 * second argument and no ack; it then lists the numbers of the commands it took in `took`, on the next `session:event`
 * it sends in the same turn, or, when it sends none, in a `commands:took` notice at the end of the turn. Either way the
 * relay hears of the command in the same message as before, with one Socket.IO packet fewer for both sides to make,
 * parse and dispatch.
 *
 * A command the CLI refuses (a payload its schema rejects) is not listed: the relay treats it as it treats a command
 * nobody acked in time (kept for the CLI's next `cli:hello`). A number the relay does not know (an earlier connection's,
 * or one already settled) is ignored. Numbers are the relay process's, unique across its sockets; a CLI forgets the
 * ones it has not told when its connection drops.
 */
export const RECEIPTS_MAX = 1000;
/** A receipt number: positive, and exact as a JSON number. */
export const receiptSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * Whether `value` is a receipt number: exactly what receiptSchema accepts (receipts.test.ts compares the two on any
 * value), checked without zod's generic path. The CLI checks the second argument of every command it takes with it
 * (relay/cli/receipts.ts): zod's safeParse there was ~1 % of the main thread in a one-pair round trip (V8's CPU profile,
 * docs/performance-sessions.md, "Session 34").
 */
export const isReceipt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
/** The receipts a CLI tells in one go. */
export const tookSchema = z.array(receiptSchema).min(1).max(RECEIPTS_MAX);

/** `commands:took` (CLI → relay, no ack): the receipts of commands taken in a turn that sent no `session:event`. */
export const COMMANDS_TOOK = 'commands:took' as const;
export const commandsTookSchema = z.object({ took: tookSchema });
export type CommandsTook = z.infer<typeof commandsTookSchema>;
