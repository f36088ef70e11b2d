import { hostname, platform } from 'node:os';

import QRCode from 'qrcode';
import type { z } from 'zod';

import {
  cliTempCodeResponseSchema,
  type PairingCreateData,
  pairingCreateResponseSchema,
  pairingPollResponseSchema,
  type PairingUser,
} from '../protocol/pairing';

export class RelayHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** POSTs JSON to the relay and validates the `{ success: true, data }` envelope. */
async function post<S extends z.ZodType>(relayUrl: string, path: string, body: unknown, schema: S, token?: string): Promise<z.output<S>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(relayUrl + path, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = (json && typeof json === 'object' ? json : {}) as { code?: unknown; message?: unknown };
    throw new RelayHttpError(
      typeof err.message === 'string' ? err.message : `HTTP ${res.status} from ${path}`,
      res.status,
      typeof err.code === 'string' ? err.code : 'HTTP_ERROR',
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new RelayHttpError(`unexpected answer from ${path}`, res.status, 'BAD_RESPONSE');
  return parsed.data;
}

export async function requestPairing(
  relayUrl: string,
  device = { hostname: hostname(), platform: platform() },
): Promise<PairingCreateData> {
  const res = await post(relayUrl, '/cli-api/pairing', device, pairingCreateResponseSchema);
  return res.data;
}

export type PairingOutcome = { status: 'approved'; token: string; user: PairingUser } | { status: 'denied' } | { status: 'expired' };

export interface PollOptions {
  signal?: AbortSignal;
  /** Called once per outage when a poll cannot reach the relay. */
  onUnreachable?: (error: Error) => void;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until the pairing is approved, denied or expired (network errors are retried until the code expires). */
export async function pollPairing(relayUrl: string, pairing: PairingCreateData, options: PollOptions = {}): Promise<PairingOutcome> {
  const sleep = options.sleep ?? defaultSleep;
  const deadline = Date.now() + pairing.expiresIn * 1000;
  let interval = Math.max(1, pairing.interval) * 1000;
  let unreachable = false;
  while (Date.now() < deadline + interval) {
    if (options.signal?.aborted) throw new Error('pairing cancelled');
    await sleep(interval);
    try {
      const res = await post(relayUrl, '/cli-api/pairing/poll', { deviceCode: pairing.deviceCode }, pairingPollResponseSchema);
      unreachable = false;
      const data = res.data;
      if (data.status === 'approved') return { status: 'approved', token: data.cliToken, user: data.user };
      if (data.status === 'denied' || data.status === 'expired') return { status: data.status };
    } catch (error) {
      if (error instanceof RelayHttpError) {
        if (error.status === 404 || error.status === 410) return { status: 'expired' };
        if (error.status === 429) interval = Math.min(interval * 2, 30_000);
        else if (error.status < 500) throw error;
      } else if (!unreachable) {
        unreachable = true;
        options.onUnreachable?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
  return { status: 'expired' };
}

export function terminalQr(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'terminal', small: true });
}

/** `POST /cli-api/temp-code`: a one-time link that signs a browser in as this CLI's user. */
export async function createLoginLink(relayUrl: string, token: string): Promise<string> {
  const res = await post(relayUrl, '/cli-api/temp-code', {}, cliTempCodeResponseSchema, token);
  return res.data.url;
}
