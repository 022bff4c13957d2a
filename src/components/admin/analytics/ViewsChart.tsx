import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line of the chart: its name, colour and a value per day. */
export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
  dashed?: boolean;
}

/**
 * Views per day as lines (uPlot: small, canvas-drawn). Loaded only by the admin's analytics views,
 * on demand; the caption and the table beside it are its text alternative, so the canvas itself
 * is hidden from assistive technology.
 */
export default function ViewsChart({ dates, series }: { dates: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = dates.map((_, i) => i);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 220,
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((t) => dates[t]?.slice(5) ?? ''),
            stroke: '#475569',
          },
          { stroke: '#475569' },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            dash: s.dashed ? [6, 4] : undefined,
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [dates, series]);
  return <div ref={box} aria-hidden="true" className="w-full" data-testid="views-chart" />;
}
