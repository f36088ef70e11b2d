import type { AccessTokensRepo } from '../../storage/repos/accessTokensRepo';
import type { CliTokensRepo } from '../../storage/repos/cliTokensRepo';

/**
 * Which live sockets lost their right to stay: CLI sockets whose token was revoked (unpaired), browser sockets whose
 * sign-in ended (logout, expiry). Returns the ids to drop; the hub tells and disconnects them.
 */
export async function revokedSockets(
  deps: { cliTokens: CliTokensRepo; accessTokens: AccessTokensRepo; now: () => Date },
  live: { clis: Array<{ id: string; tokenId: string }>; webs: Array<{ id: string; jti: string }> },
): Promise<string[]> {
  const out: string[] = [];
  if (live.clis.length) {
    const revoked = await deps.cliTokens.revokedAmong([...new Set(live.clis.map((s) => s.tokenId))]);
    for (const s of live.clis) if (revoked.has(s.tokenId)) out.push(s.id);
  }
  if (live.webs.length) {
    const alive = await deps.accessTokens.aliveAmong([...new Set(live.webs.map((s) => s.jti))], deps.now());
    for (const s of live.webs) if (!alive.has(s.jti)) out.push(s.id);
  }
  return out;
}
