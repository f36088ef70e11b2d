import { describe, expect, it } from 'vitest';

import enLeaderboard from '../content/en/leaderboard';
import type { ComparisonRow } from '../content/types';
import zhLeaderboard from '../content/zh/leaderboard';
import { buildComparisonCsv, CSV_BOM, csvField, csvFileName } from './comparisonCsv';

const label = (s: string) => ({ full: 'Full support', partial: 'Partial', none: 'Not supported' })[s]!;

describe('comparison CSV', () => {
  it('starts with a BOM and the fixed header, CRLF line endings', () => {
    const csv = buildComparisonCsv(enLeaderboard.table.rows, label);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Feature,Description,Tern CLI,Claude Code,Gemini CLI');
    expect(lines).toHaveLength(1 + 5 + 1);
    expect(lines.at(-1)).toBe('');
    expect(csv.slice(1).replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('encodes as UTF-8 with the BOM bytes EF BB BF', () => {
    const bytes = new TextEncoder().encode(buildComparisonCsv(zhLeaderboard.table.rows, label));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('任务清单与子代理');
  });

  it('writes each tool cell as "<status>: <text>"', () => {
    const csv = buildComparisonCsv(enLeaderboard.table.rows, label);
    const row = csv.split('\r\n').find((l) => l.startsWith('Claude models'))!;
    expect(row).toContain('Full support: Built on Claude');
    expect(row).toContain('Not supported: Gemini models only');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    const rows: ComparisonRow[] = [
      {
        key: 'taskLists',
        feature: 'Lists, "quoted"',
        description: 'multi\r\nline',
        tern: { status: 'full', text: 'yes, really' },
        claudeCode: { status: 'partial', text: '' },
        geminiCli: { status: 'none', text: 'no' },
      },
    ];
    const body = buildComparisonCsv(rows, label).slice(1).split('\r\n').slice(1).join('\r\n');
    expect(body).toBe('"Lists, ""quoted""","multi\r\nline","Full support: yes, really",Partial,Not supported: no\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('puts the local date in the file name', () => {
    expect(csvFileName(new Date(2025, 2, 7, 23, 59))).toBe('tern-cli-comparison-2025-03-07.csv');
    expect(csvFileName(new Date(2026, 11, 31))).toBe('tern-cli-comparison-2026-12-31.csv');
  });
});
