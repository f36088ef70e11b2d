import { z } from 'zod';

import { cleanJson, plain } from './text';

/**
 * Field types shared by the remote protocol's schemas (remote.ts, sessionEvents.ts). Ids, times and codes refuse NUL,
 * control characters and lone surrogates (400 / BAD_REQUEST naming the field); free text that may carry program output
 * keeps it, made storable by text() / cleanJson (relay/protocol/text.ts).
 */
export const id = plain(z.string().min(1).max(200));
export const uuid = z.uuid();
export const iso = plain(z.string().min(1).max(64));
export const json = cleanJson;
export const code = plain(z.string().min(1).max(100));

/** Caps from the outline. */
export const TOOL_OUTPUT_MAX_CHARS = 64 * 1024;
export const FILE_DIFF_MAX_CHARS = 256 * 1024;
export const INPUT_TEXT_MAX_CHARS = 100_000;
export const TEXT_MAX = 1_000_000;
