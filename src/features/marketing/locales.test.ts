import { describe, expect, it } from 'vitest';

import enBilling from '../../locales/en/billing.json';
import enMarketing from '../../locales/en/marketing.json';
import zhBilling from '../../locales/zh/billing.json';
import zhMarketing from '../../locales/zh/marketing.json';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

function placeholders(value: unknown, prefix = ''): [string, string[]][] {
  if (typeof value === 'string') return [[prefix, [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort()]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholders(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

describe.each([
  ['marketing', enMarketing, zhMarketing],
  ['billing', enBilling, zhBilling],
])('%s namespace', (_name, en, zh) => {
  it('has the same keys in English and Chinese', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });

  it('uses the same interpolation values in both languages', () => {
    expect(placeholders(zh)).toEqual(placeholders(en));
  });

  it('has no empty strings', () => {
    for (const [, v] of placeholders(en)) expect(v).toBeDefined();
    expect(JSON.stringify(en)).not.toContain('""');
    expect(JSON.stringify(zh)).not.toContain('""');
  });
});
