/**
 * A line chart of daily series (uPlot, only in this lazily loaded section of the back
 * office). The figures are in the tables next to it too, for screen readers and copying;
 * the chart itself is an image with a text alternative.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// uPlot's own layout rules (the plot's layers stacked in its box); loaded with this section only.
import 'uplot/dist/uPlot.min.css';
import { DASHBOARD_TEXT } from './texts.ts';

const COLOURS = ['#5b21b6', '#0ea5b7', '#db2777', '#15803d'];

export function Chart({
  title,
  days,
  series,
  summary,
}: {
  title: string;
  days: readonly string[];
  /** One value per day; null where the day has none (a gap in the line). */
  series: readonly { label: string; values: readonly (number | null)[] }[];
  /** What the text alternative says of the figures; the sum of each series when not given. */
  summary?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 220,
        legend: { show: false },
        series: [
          {},
          ...series.map((line, index) => ({
            label: line.label,
            stroke: COLOURS[index % COLOURS.length],
            width: 2,
            // A series with gaps (days without answers) shows its days as points: a lone day has no line.
            ...(line.values.includes(null) ? { points: { show: true, size: 6 } } : {}),
          })),
        ],
        axes: [{}, { size: 48 }],
      },
      [xs, ...series.map((line) => [...line.values])],
      element,
    );
    return () => plot.destroy();
  }, [days, series]);
  const said =
    summary ??
    series.map((line) => `${line.label}: ${line.values.reduce<number>((a, b) => a + (b ?? 0), 0)}`).join(', ');
  return (
    <figure className="card flex flex-col gap-2 p-3">
      <figcaption className="font-semibold">{title}</figcaption>
      <div
        ref={box}
        role="img"
        aria-label={`${title}, ${DASHBOARD_TEXT.per_day_of}, ${days[0] ?? ''} ${DASHBOARD_TEXT.to_word} ${days.at(-1) ?? ''}: ${said}`}
      />
      <ul className="flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {series.map((line, index) => (
          <li key={line.label} className="flex items-center gap-1">
            <span
              className="inline-block size-3 rounded-full"
              style={{ background: COLOURS[index % COLOURS.length] }}
            />
            {line.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
