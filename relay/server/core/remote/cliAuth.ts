import { randomInt } from 'node:crypto';

import {
  CLI_TOKEN_PREFIX,
  type CliTokenSummary,
  PAIRING_CODE_ALPHABET,
  PAIRING_EXPIRES_IN_SECONDS,
  PAIRING_POLL_INTERVAL_SECONDS,
  type PairingCreateData,
  type PairingInfo,
  type PairingPollData,
} from '../../../protocol';
import type { Database } from '../../storage/database';
import { createAuthRepos } from '../../storage/repos';
import { createCliTokensRepo } from '../../storage/repos/cliTokensRepo';
import type { CliTokenRow, PairingRequestRow } from '../../storage/schema';
import { AppError } from '../appError';
import { randomSecret, sha256 } from '../auth/secrets';

export interface CliAuthDeps {
  db: Database;
  now: () => Date;
}

/** Pairing requests stay readable ("expired") for a day after expiry, then are pruned. */
const KEEP_EXPIRED_PAIRINGS_MS = 24 * 60 * 60_000;

export const newCliToken = (): string => `${CLI_TOKEN_PREFIX}${randomSecret(32)}`;

export function toCliTokenSummary(row: CliTokenRow): CliTokenSummary {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Mints a CLI token for a user (pairing approval or the operator command). The plain token is returned once. */
export async function issueCliToken(
  deps: CliAuthDeps,
  input: { userId: string; label: string; origin: 'pairing' | 'admin' },
): Promise<{ token: string; row: CliTokenRow }> {
  const token = newCliToken();
  const row = await createCliTokensRepo(deps.db).create({
    tokenHash: sha256(token),
    ...input,
    label: input.label.slice(0, 200),
    now: deps.now(),
  });
  return { token, row };
}

/** The live token row and its user for a presented CLI token; null when unknown, malformed or revoked. */
export async function verifyCliToken(
  deps: CliAuthDeps,
  token: string,
): Promise<{ row: CliTokenRow; user: { id: string; username: string } } | null> {
  if (typeof token !== 'string' || !token.startsWith(CLI_TOKEN_PREFIX) || token.length > 200) return null;
  const repo = createCliTokensRepo(deps.db);
  const row = await repo.findActiveByHash(sha256(token));
  if (!row) return null;
  const user = await createAuthRepos(deps.db).users.findById(row.userId);
  if (!user) return null;
  await repo.touch(row.id, deps.now());
  return { row, user: { id: user.id, username: user.username } };
}

// ---- pairing ---------------------------------------------------------------------------------------------------

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const statusOf = (row: PairingRequestRow, now: Date): PairingInfo['status'] => {
  if (row.status === 'approved' || row.status === 'denied') return row.status;
  return row.expiresAt <= now ? 'expired' : 'pending';
};

export function toPairingInfo(row: PairingRequestRow, now: Date): PairingInfo {
  return {
    pairingCode: row.pairingCode,
    hostname: row.hostname,
    platform: row.platform,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: statusOf(row, now),
  };
}

export async function createPairing(
  deps: CliAuthDeps,
  input: { hostname: string; platform: string; origin: string },
): Promise<PairingCreateData> {
  const repo = createCliTokensRepo(deps.db);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + PAIRING_EXPIRES_IN_SECONDS * 1000);
  const deviceCode = randomSecret(32);
  await repo.pruneExpiredPairings(new Date(now.getTime() - KEEP_EXPIRED_PAIRINGS_MS));
  // 31^8 codes: a collision with a live one is rare; the unique index catches it and we draw again.
  for (let attempt = 0; ; attempt++) {
    const pairingCode = newPairingCode();
    try {
      await repo.createPairing({
        pairingCode,
        deviceCodeHash: sha256(deviceCode),
        hostname: input.hostname,
        platform: input.platform,
        now,
        expiresAt,
      });
      return {
        pairingCode,
        deviceCode,
        verificationUrl: `${input.origin}/remote/pair?code=${pairingCode}`,
        expiresIn: PAIRING_EXPIRES_IN_SECONDS,
        interval: PAIRING_POLL_INTERVAL_SECONDS,
      };
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

/**
 * The CLI's poll. An approved request hands out its token exactly once (the claim is one conditional update); later
 * polls with the same device code answer `expired`.
 */
export async function pollPairing(deps: CliAuthDeps, deviceCode: string): Promise<PairingPollData> {
  const repo = createCliTokensRepo(deps.db);
  const now = deps.now();
  const row = await repo.findPairingByDevice(sha256(deviceCode));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Unknown or expired pairing request');
  if (row.status === 'denied') return { status: 'denied' };
  if (row.status === 'pending') return row.expiresAt <= now ? { status: 'expired' } : { status: 'pending' };
  const claimed = await repo.claimTokenIssue(row.id, now);
  if (!claimed || !claimed.userId) return { status: 'expired' };
  const user = await createAuthRepos(deps.db).users.findById(claimed.userId);
  if (!user) return { status: 'expired' };
  const { token, row: tokenRow } = await issueCliToken(deps, { userId: user.id, label: row.hostname, origin: 'pairing' });
  await repo.setPairingToken(row.id, tokenRow.id);
  return { status: 'approved', cliToken: token, user: { id: user.id, username: user.username } };
}

export async function getPairing(deps: CliAuthDeps, pairingCode: string): Promise<PairingInfo> {
  const row = await createCliTokensRepo(deps.db).findPairingByCode(pairingCode);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Unknown pairing code');
  return toPairingInfo(row, deps.now());
}

export async function decidePairing(
  deps: CliAuthDeps,
  input: { userId: string; pairingCode: string; decision: 'approved' | 'denied' },
): Promise<PairingInfo> {
  const repo = createCliTokensRepo(deps.db);
  const now = deps.now();
  const row = await repo.findPairingByCode(input.pairingCode);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Unknown pairing code');
  const status = statusOf(row, now);
  if (status === 'expired') throw new AppError(410, 'PAIRING_EXPIRED', 'This pairing code has expired; run tern --cloud again');
  if (status !== 'pending') {
    // Repeating the same decision by the same user is harmless; anything else is a conflict.
    if (status === input.decision && row.userId === input.userId) return toPairingInfo(row, now);
    throw new AppError(409, 'PAIRING_DECIDED', 'This pairing request has already been answered');
  }
  const decided = await repo.decidePairing({ id: row.id, userId: input.userId, status: input.decision, now });
  if (!decided) throw new AppError(409, 'PAIRING_DECIDED', 'This pairing request has already been answered');
  return toPairingInfo(decided, now);
}
