import { z } from 'zod';

import { plain } from './text';

/**
 * CLI pairing and CLI tokens (issue #4). HTTP bodies; every answer uses the relay's envelope
 * `{ success: true, data }` (errors: `{ success: false, code, message }`, see http.ts). Browser-safe. Additive only.
 */

/** 8 characters shown as `ABCD-2345`; no ambiguous letters/digits (0 O 1 I L). */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_EXPIRES_IN_SECONDS = 600;
export const PAIRING_POLL_INTERVAL_SECONDS = 2;
export const CLI_TOKEN_PREFIX = 'tern_cli_';

export const pairingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-?[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/, 'Invalid pairing code')
  .transform((v) => (v.includes('-') ? v : `${v.slice(0, 4)}-${v.slice(4)}`));

export const pairingStatuses = ['pending', 'approved', 'denied', 'expired'] as const;
export const pairingStatusSchema = z.enum(pairingStatuses);
export type PairingStatus = z.infer<typeof pairingStatusSchema>;

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

// ---- CLI side (no auth) --------------------------------------------------------------------------------------------

/** `POST /cli-api/pairing` */
export const pairingCreateRequestSchema = z.object({
  hostname: plain(z.string()).trim().min(1).max(255),
  platform: plain(z.string()).trim().min(1).max(100),
});
export type PairingCreateRequest = z.infer<typeof pairingCreateRequestSchema>;

export const pairingCreateDataSchema = z.object({
  pairingCode: z.string(),
  deviceCode: z.string(),
  verificationUrl: z.string(),
  expiresIn: z.number().int().positive(),
  interval: z.number().int().positive(),
});
export type PairingCreateData = z.infer<typeof pairingCreateDataSchema>;
export const pairingCreateResponseSchema = envelope(pairingCreateDataSchema);

/** `POST /cli-api/pairing/poll` */
export const pairingPollRequestSchema = z.object({ deviceCode: plain(z.string()).min(16).max(200) });
export type PairingPollRequest = z.infer<typeof pairingPollRequestSchema>;

export const pairingUserSchema = z.object({ id: z.string(), username: z.string() });
export type PairingUser = z.infer<typeof pairingUserSchema>;

export const pairingPollDataSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('approved'), cliToken: z.string(), user: pairingUserSchema }),
  z.object({ status: z.literal('denied') }),
  z.object({ status: z.literal('expired') }),
]);
export type PairingPollData = z.infer<typeof pairingPollDataSchema>;
export const pairingPollResponseSchema = envelope(pairingPollDataSchema);

/** `POST /cli-api/temp-code` (Bearer CLI token): a one-time browser sign-in link. */
export const cliTempCodeDataSchema = z.object({ code: z.string(), url: z.string(), expiresAt: z.string() });
export type CliTempCodeData = z.infer<typeof cliTempCodeDataSchema>;
export const cliTempCodeResponseSchema = envelope(cliTempCodeDataSchema);

// ---- browser side (user JWT) ---------------------------------------------------------------------------------------

/** `GET /web-api/pairing/:code` */
export const pairingInfoSchema = z.object({
  pairingCode: z.string(),
  hostname: z.string(),
  platform: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: pairingStatusSchema,
});
export type PairingInfo = z.infer<typeof pairingInfoSchema>;
export const pairingInfoResponseSchema = envelope(pairingInfoSchema);

/** `POST /web-api/pairing/approve` and `POST /web-api/pairing/deny`; answer `data` is the updated PairingInfo. */
export const pairingDecisionRequestSchema = z.object({ pairingCode: pairingCodeSchema });
export type PairingDecisionRequest = z.infer<typeof pairingDecisionRequestSchema>;
export const pairingDecisionResponseSchema = pairingInfoResponseSchema;

/** `GET /web-api/cli-tokens` */
export const cliTokenSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type CliTokenSummary = z.infer<typeof cliTokenSummarySchema>;
export const cliTokenListResponseSchema = envelope(z.array(cliTokenSummarySchema));

/** `DELETE /web-api/cli-tokens/:id`; answer `data` is the revoked token summary. */
export const cliTokenRevokeResponseSchema = envelope(cliTokenSummarySchema);

/** What the CLI stores in `$TERN_HOME/credentials.json` (mode 0600). */
export const cliCredentialsSchema = z.object({
  relayUrl: z.string(),
  token: z.string().startsWith(CLI_TOKEN_PREFIX),
  user: pairingUserSchema,
});
export type CliCredentials = z.infer<typeof cliCredentialsSchema>;
