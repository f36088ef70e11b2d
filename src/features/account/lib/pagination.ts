/** Paging helpers for the orders and invitee tables. Pages are 1-based. */
export function pageCount(total: number, pageSize: number): number {
  if (!(pageSize > 0)) return 1;
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

export function clampPage(page: number, total: number, pageSize: number): number {
  const last = pageCount(total, pageSize);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), last);
}

/** Page buttons to show: first, last and a window around the current page; null marks a gap. */
export function pageWindow(current: number, count: number, radius = 1): (number | null)[] {
  const pages = new Set<number>([1, count]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  }
  return out;
}

/** Reads a positive integer query value, else the default. */
export function readPositiveInt(value: string | null, fallback: number, allowed?: readonly number[]): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) return fallback;
  if (allowed && !allowed.includes(n)) return fallback;
  return n;
}

/** "1–10 of 23" numbers: first and last item index of a page. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}
