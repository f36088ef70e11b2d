import type { ComparisonRow, SupportStatus } from '../content/types';

/** The header the spec fixes for the downloaded table. */
export const CSV_HEADER = ['Feature', 'Description', 'Tern CLI', 'Claude Code', 'Gemini CLI'] as const;
export const CSV_BOM = '\uFEFF';

/**
 * RFC 4180 quoting (fields with a comma, quote or line break are quoted, quotes doubled). A field that a
 * spreadsheet would read as a formula (=, +, -, @, tab, CR first) is prefixed with a quote so opening the file
 * never runs anything.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(',');
}

/** `tern-cli-comparison-2025-03-07.csv`, in the visitor's local date. */
export function csvFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `tern-cli-comparison-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}

/**
 * The comparison table as CSV text: BOM (so spreadsheet apps read UTF-8, and Chinese, correctly), the fixed header,
 * then one line per row; each tool cell reads "<status>: <detail>". Lines end with CRLF.
 */
export function buildComparisonCsv(rows: readonly ComparisonRow[], statusLabel: (status: SupportStatus) => string): string {
  const cell = (c: ComparisonRow['tern']) => (c.text ? `${statusLabel(c.status)}: ${c.text}` : statusLabel(c.status));
  const lines = [
    csvLine(CSV_HEADER),
    ...rows.map((r) => csvLine([r.feature, r.description, cell(r.tern), cell(r.claudeCode), cell(r.geminiCli)])),
  ];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Hands the CSV to the browser as a download. Throws when the browser cannot (the caller shows the failure toast). */
export function downloadCsv(csv: string, fileName: string): void {
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoke after the click has been handled; revoking at once cancels the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
