/**
 * A TEST STAND-IN for a Web Push service (what FCM, Mozilla autopush or Apple's service are to a real browser), for
 * tests only. It listens on loopback, hands out subscriptions whose keys it holds (a P-256 key pair and an auth
 * secret, as a browser would make), takes the relay's push requests as a push service does (POST, `Content-Encoding:
 * aes128gcm`, VAPID `Authorization`, `TTL`), and decrypts each body per RFC 8291 / RFC 8188 with node:crypto alone,
 * independently of the `web-push` package the relay encrypts with. It can answer 410 Gone for a subscription.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  subscriptionId: string;
  headers: IncomingMessage['headers'];
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
}

interface Held {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  status: number;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** RFC 8291 §3.4 / RFC 8188: decrypts one aes128gcm push body for the receiver's key pair and auth secret. */
export function decryptAes128gcm(body: Buffer, receiver: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || ciphertext.length > recordSize) throw new Error('not a single-record aes128gcm web push body');
  const receiverPublic = receiver.ecdh.getPublicKey();
  const ecdhSecret = receiver.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad record delimiter');
  return padded.subarray(0, end);
}

export async function startPushServiceStandIn() {
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const sub = held.get(id);
      if (!sub || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (sub.status !== 201) {
        res.writeHead(sub.status).end();
        return;
      }
      if (req.headers['content-encoding'] !== 'aes128gcm' || !/^vapid t=.+, k=.+$/.test(String(req.headers.authorization))) {
        res.writeHead(400).end('missing aes128gcm body or VAPID authorization');
        return;
      }
      try {
        const payload: unknown = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub).toString('utf8'));
        received.push({ subscriptionId: id, headers: req.headers, payload });
        res.writeHead(201).end();
        for (const wake of waiters.splice(0)) wake();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    /** A new browser-like subscription: `PushSubscription.toJSON()` for the relay, the private half kept here. */
    subscribe() {
      const id = b64url(randomBytes(12));
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const entry: Held = { id, ecdh, auth: randomBytes(16), status: 201 };
      held.set(id, entry);
      return {
        id,
        json: {
          endpoint: `${url}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(entry.auth) },
        },
      };
    },
    /** From now on this subscription answers `status` (410: gone, as after the user revoked permission). */
    answer(id: string, status: number) {
      held.get(id)!.status = status;
    },
    /** Resolves once `count` pushes have arrived in total. */
    async waitForCount(count: number): Promise<ReceivedPush[]> {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>;
