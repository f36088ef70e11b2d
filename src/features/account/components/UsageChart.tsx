import 'uplot/dist/uPlot.min.css';

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

import type { Theme } from '../../../shared/ui/theme';

export interface ChartSeries {
  /** Unix seconds, oldest first. */
  x: number[];
  credits: number[];
  requests: number[];
}

export interface UsageChartProps {
  data: ChartSeries;
  theme: Theme;
  /** 'day' labels dates, 'hour' labels times. */
  unit: 'day' | 'hour';
  labels: { credits: string; requests: string };
  height?: number;
}

/** A daisyUI colour variable as [r, g, b] (canvas-resolved, so any CSS colour syntax works); fallback when missing. */
function cssRgb(name: string, fallback: [number, number, number]): [number, number, number] {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  if (!value) return fallback;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return fallback;
  ctx.fillStyle = `rgb(${fallback.join(',')})`;
  ctx.fillStyle = value;
  ctx.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

const rgba = ([r, g, b]: [number, number, number], alpha = 1) => `rgba(${r}, ${g}, ${b}, ${alpha})`;

function options(width: number, height: number, props: UsageChartProps): uPlot.Options {
  const dark = props.theme === 'tern-dark';
  const text = cssRgb('--color-base-content', dark ? [201, 209, 217] : [31, 35, 40]);
  const grid = rgba(text, 0.12);
  const primary = cssRgb('--color-primary', dark ? [88, 166, 255] : [9, 105, 218]);
  const secondary = cssRgb('--color-accent', dark ? [63, 185, 80] : [26, 127, 55]);
  const axis = (side?: number, scale?: string): uPlot.Axis => ({
    stroke: rgba(text, 0.7),
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    font: '11px system-ui, sans-serif',
    ...(side !== undefined && { side }),
    ...(scale && { scale }),
  });
  const bars = uPlot.paths.bars?.({ size: [0.6, 24] });
  return {
    width,
    height,
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: true },
      credits: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      requests: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      {
        ...axis(),
        values: props.unit === 'day' ? '{M}/{D}' : '{HH}:00',
      },
      { ...axis(3, 'credits'), size: 48 },
      { ...axis(1, 'requests'), size: 40, grid: { show: false } },
    ],
    series: [
      {},
      {
        label: props.labels.credits,
        scale: 'credits',
        stroke: rgba(primary),
        fill: rgba(primary, 0.45),
        width: 1,
        ...(bars && { paths: bars }),
        points: { show: false },
      },
      {
        label: props.labels.requests,
        scale: 'requests',
        stroke: rgba(secondary),
        width: 2,
        points: { show: true, size: 4, fill: rgba(secondary) },
      },
    ],
  };
}

/** A uPlot chart of credits (bars) and requests (line). Loaded lazily: uPlot never sits on the first load. */
export default function UsageChart(props: UsageChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { data, theme, unit, labels, height = 220 } = props;
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  // (Re)build on theme, unit or label changes; data updates go through setData below.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const width = Math.max(240, el.clientWidth);
    const u = new uPlot(
      options(width, height, latest.current),
      [latest.current.data.x, latest.current.data.credits, latest.current.data.requests],
      el,
    );
    plot.current = u;
    const observer = new ResizeObserver(() => {
      const w = Math.max(240, el.clientWidth);
      if (Math.abs(w - u.width) > 1) u.setSize({ width: w, height });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [theme, unit, labels.credits, labels.requests, height]);

  useEffect(() => {
    plot.current?.setData([data.x, data.credits, data.requests]);
  }, [data]);

  return (
    <div
      ref={host}
      className="w-full overflow-hidden [&_.u-legend]:text-xs [&_.u-legend]:text-base-content/80"
      aria-hidden="true"
      data-testid="uplot-host"
    />
  );
}
