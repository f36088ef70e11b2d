import {
  cliTokenListResponseSchema,
  cliTokenRevokeResponseSchema,
  type CliTokenSummary,
  pairingDecisionResponseSchema,
  type PairingInfo,
  pairingInfoResponseSchema,
} from '#protocol/pairing';

import { request } from '../../shared/api/http';

/** Every answer is checked against the protocol schema; a shape mismatch is an error, not silent garbage. */
function parse<T>(schema: { safeParse: (v: unknown) => { success: true; data: { data: T } } | { success: false } }, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error('unexpected response');
  return parsed.data.data;
}

export async function fetchPairing(code: string): Promise<PairingInfo> {
  return parse(pairingInfoResponseSchema, await request(`/web-api/pairing/${encodeURIComponent(code)}`, { silent: true }));
}

export async function decidePairing(code: string, decision: 'approve' | 'deny'): Promise<PairingInfo> {
  return parse(
    pairingDecisionResponseSchema,
    await request(`/web-api/pairing/${decision}`, { method: 'POST', body: { pairingCode: code } }),
  );
}

export async function fetchCliTokens(): Promise<CliTokenSummary[]> {
  return parse(cliTokenListResponseSchema, await request('/web-api/cli-tokens'));
}

export async function revokeCliToken(id: string): Promise<CliTokenSummary> {
  return parse(cliTokenRevokeResponseSchema, await request(`/web-api/cli-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}
