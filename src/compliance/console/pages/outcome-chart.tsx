import type { DailyOutcomes } from '../../review/audit-figures.service';
import type { SessionOutcome } from '../../review/session-record';
import type { PageLanguage } from '../../../web/language';
import type { ConsoleMessages } from '../console-messages';
import { formatDay } from './day-format';

/** Stacking order, bottom to top, and colours with at least 3:1 contrast against white (WCAG 1.4.11). */
export const CHART_OUTCOMES: Array<{ outcome: SessionOutcome; colour: string }> = [
  { outcome: 'transferred', colour: '#1a7f37' },
  { outcome: 'cancelled', colour: '#57606a' },
  { outcome: 'expired', colour: '#9a6700' },
  { outcome: 'failed', colour: '#cf222e' },
  { outcome: 'open', colour: '#0969da' },
];

const WIDTH = 760;
const HEIGHT = 280;
/** Room for the value labels on both sides: a phone scrolls the chart to its right end (latest days). */
const PLOT = { left: 44, right: 44, top: 12, bottom: 44 };

/** The smallest 1, 2 or 5 x 10^k at or above `value` (at least 4, so the axis has whole steps). */
export function niceMaximum(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/**
 * The gridlines of an axis up to `max` (a niceMaximum): steps of 1, 2 or 5 times a power of ten, so
 * every label is a round number (0, 20, 40 ... 100; 0, 5 ... 20; 0, 10 ... 50).
 */
export function niceTicks(max: number): number[] {
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const leading = Math.round(max / magnitude);
  const steps = leading === 2 || leading === 4 ? 4 : 5;
  return Array.from({ length: steps + 1 }, (_, i) => (max * i) / steps);
}

/**
 * The horizontal gridlines at `ticks` across the plot (x from `left` to `right`), labelled on both
 * sides: on a phone the chart scrolls and opens at its right end, where the scale must be too.
 */
export function TickLines(props: {
  ticks: number[];
  y: (value: number) => number;
  left: number;
  right: number;
  label: (tick: number) => string;
}) {
  const { ticks, y, left, right, label } = props;
  return (
    <>
      {ticks.map((tick) => (
        <g key={`tick-${tick}`}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke="#d0d7de" stroke-width="1" />
          <text x={left - 6} y={y(tick) + 4} text-anchor="end" font-size="12" fill="#4a5563">
            {label(tick)}
          </text>
          <text
            x={right + 6}
            y={y(tick) + 4}
            text-anchor="start"
            font-size="12"
            fill="#4a5563"
            class="tick-right"
            aria-hidden="true"
          >
            {label(tick)}
          </text>
        </g>
      ))}
    </>
  );
}

const totalOf = (day: DailyOutcomes) =>
  CHART_OUTCOMES.reduce((sum, { outcome }) => sum + day.counts[outcome], 0);

/**
 * A stacked bar chart of sessions per day by outcome as plain SVG, rendered on the server: no script,
 * named by its <title> and <desc>, each segment with its own <title> for pointer users. The same
 * numbers are in OutcomeTable for screen readers and for copying.
 */
export function OutcomeChart(props: { days: DailyOutcomes[]; text: ConsoleMessages; lang: PageLanguage }) {
  const { days, text, lang } = props;
  const max = niceMaximum(Math.max(0, ...days.map(totalOf)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (count: number) => PLOT.top + plotHeight - (count / max) * plotHeight;
  const ticks = niceTicks(max);
  return (
    <svg
      class="outcome-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="outcome-chart-title outcome-chart-desc"
      data-chart="sessions-per-day"
    >
      <title id="outcome-chart-title">{text.dashboard.chartTitle}</title>
      <desc id="outcome-chart-desc">{text.dashboard.chartDesc(days.length)}</desc>
      <TickLines ticks={ticks} y={y} left={PLOT.left} right={WIDTH - PLOT.right} label={String} />
      {days.map((day, i) => {
        const x = PLOT.left + i * slot + (slot - barWidth) / 2;
        let base = 0;
        return (
          <g key={day.day} data-day={day.day} data-total={totalOf(day)}>
            {CHART_OUTCOMES.map(({ outcome, colour }) => {
              const count = day.counts[outcome];
              if (count === 0) return null;
              const top = y(base + count);
              const height = y(base) - top;
              base += count;
              return (
                <rect
                  key={outcome}
                  x={x.toFixed(1)}
                  y={top.toFixed(1)}
                  width={barWidth.toFixed(1)}
                  height={height.toFixed(1)}
                  fill={colour}
                  data-outcome={outcome}
                  data-count={count}
                >
                  <title>{`${formatDay(day.day, lang)}: ${count} ${text.outcomes[outcome]}`}</title>
                </rect>
              );
            })}
            {i % 5 === 0 || i === days.length - 1 ? (
              <text
                x={(x + barWidth / 2).toFixed(1)}
                y={HEIGHT - PLOT.bottom + 18}
                text-anchor="middle"
                font-size="12"
                fill="#4a5563"
              >
                {formatDay(day.day, lang, 'short')}
              </text>
            ) : null}
          </g>
        );
      })}
      <line
        x1={PLOT.left}
        x2={WIDTH - PLOT.right}
        y1={PLOT.top + plotHeight}
        y2={PLOT.top + plotHeight}
        stroke="#1b1f24"
        stroke-width="1"
      />
    </svg>
  );
}

/** The chart's legend: colour swatch and outcome name. */
export function OutcomeLegend(props: { text: ConsoleMessages }) {
  return (
    <ul class="chart-legend">
      {CHART_OUTCOMES.map(({ outcome, colour }) => (
        <li key={outcome}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
            <rect width="14" height="14" fill={colour} />
          </svg>
          {props.text.outcomes[outcome]}
        </li>
      ))}
    </ul>
  );
}

/** The chart's numbers as a table: the text alternative, readable without the picture and without JS. */
export function OutcomeTable(props: { days: DailyOutcomes[]; text: ConsoleMessages; lang: PageLanguage }) {
  const { days, text, lang } = props;
  return (
    <details class="chart-table">
      <summary>{text.dashboard.tableSummary}</summary>
      <div class="table-wrap">
        <table>
          <caption>{text.dashboard.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{text.dashboard.day}</th>
              {CHART_OUTCOMES.map(({ outcome }) => (
                <th key={outcome} scope="col" class="number">
                  {text.outcomes[outcome]}
                </th>
              ))}
              <th scope="col" class="number">
                {text.dashboard.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day, lang)}</th>
                {CHART_OUTCOMES.map(({ outcome }) => (
                  <td key={outcome} class="number">
                    {day.counts[outcome]}
                  </td>
                ))}
                <td class="number">{totalOf(day)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
