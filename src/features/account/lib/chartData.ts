import type { DailyPoint, HourlyPoint } from './protocol';

export interface SeriesData {
  /** Unix seconds. */
  x: number[];
  credits: number[];
  requests: number[];
  tokens: number[];
  totals: { credits: number; requests: number; tokens: number };
}

function build(points: { t: number; credits: number; requests: number; tokens: number }[]): SeriesData {
  const sorted = points.filter((p) => Number.isFinite(p.t)).sort((a, b) => a.t - b.t);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    x: sorted.map((p) => p.t / 1000),
    credits: sorted.map((p) => round(p.credits)),
    requests: sorted.map((p) => p.requests),
    tokens: sorted.map((p) => p.tokens),
    totals: {
      credits: round(sorted.reduce((s, p) => s + p.credits, 0)),
      requests: sorted.reduce((s, p) => s + p.requests, 0),
      tokens: sorted.reduce((s, p) => s + p.tokens, 0),
    },
  };
}

/** The 30 daily points (YYYY-MM-DD, UTC) as chart columns, oldest first. */
export function dailySeries(daily: readonly DailyPoint[]): SeriesData {
  return build(daily.map((d) => ({ t: Date.parse(`${d.date}T00:00:00Z`), credits: d.credits, requests: d.requests, tokens: d.tokens })));
}

/** The 24 hourly points as chart columns, oldest first. */
export function hourlySeries(hourly: readonly HourlyPoint[]): SeriesData {
  return build(hourly.map((h) => ({ t: Date.parse(h.hour), credits: h.credits, requests: h.requests, tokens: h.tokens })));
}
