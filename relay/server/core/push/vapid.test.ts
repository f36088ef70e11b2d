import { describe, expect, it } from 'vitest';
import webpush from 'web-push';

import { generateVapidKeys } from './vapid';

describe('generateVapidKeys', () => {
  it('makes P-256 pairs web-push signs with: 65-byte uncompressed public key, 32-byte private key, base64url', () => {
    for (let i = 0; i < 20; i++) {
      const { publicKey, privateKey } = generateVapidKeys();
      const pub = Buffer.from(publicKey, 'base64url');
      expect(pub).toHaveLength(65);
      expect(pub[0]).toBe(4);
      expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
      const headers = webpush.getVapidHeaders('https://push.example', 'mailto:a@example.com', publicKey, privateKey, 'aes128gcm');
      expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    }
    expect(generateVapidKeys().privateKey).not.toBe(generateVapidKeys().privateKey);
  });
});
