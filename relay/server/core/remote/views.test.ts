import { describe, expect, it } from 'vitest';

import { nameUuid } from './views';

describe('nameUuid', () => {
  it('gives the same id as every earlier relay for the same name (stored event ids must not change across versions)', () => {
    // Computed by the createHash implementation this replaced; a resend after an upgrade must map to the same event.
    expect(nameUuid('input', 's', 'c')).toBe('be66fb1d-6e74-8688-b8f7-b8e938ffdc9e');
  });

  it('is a v8-layout uuid, different for different parts and for the same text split differently', () => {
    const id = nameUuid('permission', 'session', 'request');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(nameUuid('a', 'bc')).not.toBe(nameUuid('ab', 'c'));
    expect(nameUuid('input', '中文 🦜')).toBe(nameUuid('input', '中文 🦜'));
  });
});
