import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A theme colour (daisyUI's CSS variables), read when the chart is drawn. */
function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

const DAY_S = 86_400;

type Props = {
  /** ISO dates, one per point. */
  days: string[];
  values: number[];
  /** How a value reads on the axis (counts, or money). */
  format: (value: number) => string;
  label: string;
  colorVar: '--color-primary' | '--color-secondary' | '--color-accent' | '--color-success';
  /** Counts: ticks only at whole numbers. */
  wholeNumbers?: boolean;
};

const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];

/**
 * One figure over time, drawn by uPlot (this module and uPlot load only with the charts page).
 * The canvas is hidden from assistive technology: the page gives the same numbers as a table.
 */
export default function SeriesChart({ days, values, format, label, colorVar, wholeNumbers = false }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const stroke = themeColor(colorVar, '#4f46e5');
    const axis = themeColor('--color-base-content', '#1f2937');
    const grid = themeColor('--color-base-300', '#e5e7eb');
    const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth),
        height: 200,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true, range: (_u, min, max) => [min, Math.max(max, min + DAY_S)] }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] } },
        axes: [
          { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid }, values: (_u, splits) => splits.map((s) => new Date(s * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })) },
          { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid }, size: 64, ...(wholeNumbers ? { incrs: WHOLE_STEPS } : {}), values: (_u, splits) => splits.map(format) },
        ],
        series: [{}, { label, stroke, width: 2, fill: `color-mix(in oklab, ${stroke} 15%, transparent)`, points: { show: days.length <= 31 } }],
      },
      [x, values],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, element.clientWidth), height: 200 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, values, format, label, colorVar, wholeNumbers]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-testid="series-chart" />;
}
