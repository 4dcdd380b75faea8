import { minorUnitText, Money } from '../../../catalog/vat';
import { formatMoney, LOCALES } from '../../../common/i18n/money';
import { formatNumber } from '../../../common/i18n/number';
import type { PageLanguage } from '../../../web/language';
import type { DashboardFigures } from '../../review/audit-figures.service';
import type { ConsoleMessages } from '../console-messages';
import { formatDay } from './day-format';
import { niceMaximum, niceTicks, TickLines } from './outcome-chart';

const WIDTH = 760;
const HEIGHT = 260;
/** Room for the money labels on both sides (see TickLines). */
const PLOT = { left: 72, right: 72, top: 12, bottom: 40 };
/** Not a colour of the outcomes chart (its blue means "open"); 3:1 or more against white. */
const BAR_COLOUR = '#8250df';

/** The dashboard's period form: whole UTC days, the last one included. */
export function PeriodForm(props: { text: ConsoleMessages; from: string; to: string; problems?: string[] }) {
  const f = props.text.figures;
  return (
    <form method="get" class="inline-form period-form" aria-labelledby="period-heading">
      <h2 id="period-heading" class="visually-hidden">
        {f.periodTitle}
      </h2>
      {props.problems?.length ? (
        <div class="notice error" role="alert">
          {props.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <div class="field">
        <label for="period-from">{f.from}</label>
        <input id="period-from" name="from" type="date" value={props.from} />
      </div>
      <div class="field">
        <label for="period-to">{f.to}</label>
        <input id="period-to" name="to" type="date" value={props.to} />
      </div>
      <button type="submit">{f.show}</button>
    </form>
  );
}

/** Net spend per day, one chart per currency (amounts of different currencies are never added). */
export function SpendSection(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  days: string[];
  figures: DashboardFigures;
}) {
  const { text, lang } = props;
  const f = text.figures;
  const currencies = [...new Set(props.figures.spend.map((entry) => entry.currency))].sort();
  return (
    <section aria-labelledby="spend-heading">
      <h2 id="spend-heading">{f.spendTitle}</h2>
      {currencies.length === 0 ? <p class="notice">{f.noSpend}</p> : null}
      {currencies.map((currency) => {
        const byDay = new Map(
          props.figures.spend
            .filter((entry) => entry.currency === currency)
            .map((entry) => [entry.day, entry.net]),
        );
        // Decimal text, exact: the chart reads numbers only for its geometry.
        const values = props.days.map((day) => minorUnitText(byDay.get(day) ?? 0, currency));
        // The period's total is the days' sum, added exactly: what the table below adds up to.
        const total = minorUnitText(
          values.reduce((sum, value) => sum.plus(value), new Money(0)),
          currency,
        );
        return (
          <div key={currency} data-currency={currency}>
            <p class="period-total" data-net={total}>
              <strong>{f.periodTotal(formatMoney(total, currency, lang))}</strong>
            </p>
            <div class="chart-wrap" tabIndex={0} role="group" aria-label={`${f.spendTitle} (${currency})`}>
              <SpendChart lang={lang} text={text} currency={currency} days={props.days} values={values} />
            </div>
            <SpendTable lang={lang} text={text} currency={currency} days={props.days} values={values} />
          </div>
        );
      })}
    </section>
  );
}

function SpendChart(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  currency: string;
  days: string[];
  values: string[];
}) {
  const { days, values, currency, lang } = props;
  const max = niceMaximum(Math.max(0, ...values.map(Number)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => PLOT.top + plotHeight - (value / max) * plotHeight;
  const ticks = niceTicks(max);
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const id = `spend-chart-${currency.toLowerCase()}`;
  return (
    <svg
      class="spend-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-chart="spend-per-day"
    >
      <title id={`${id}-title`}>{`${props.text.figures.spendTitle} (${currency})`}</title>
      <desc id={`${id}-desc`}>{props.text.figures.spendDesc(currency)}</desc>
      <TickLines
        ticks={ticks}
        y={y}
        left={PLOT.left}
        right={WIDTH - PLOT.right}
        label={(tick) => formatMoney(tick, currency, lang, 0)}
      />
      {days.map((day, i) => {
        const x = PLOT.left + i * slot + (slot - barWidth) / 2;
        const value = values[i];
        const height = Number(value);
        return (
          <g key={day} data-spend-day={day} data-net={value}>
            {height > 0 ? (
              <rect
                x={x.toFixed(1)}
                y={y(height).toFixed(1)}
                width={barWidth.toFixed(1)}
                height={(y(0) - y(height)).toFixed(1)}
                fill={BAR_COLOUR}
              >
                <title>{`${formatDay(day, lang)}: ${formatMoney(value, currency, lang)}`}</title>
              </rect>
            ) : null}
            {(i % labelEvery === 0 && days.length - 1 - i >= labelEvery / 2) || i === days.length - 1 ? (
              <text
                x={(x + barWidth / 2).toFixed(1)}
                y={HEIGHT - PLOT.bottom + 18}
                text-anchor="middle"
                font-size="12"
                fill="#4a5563"
              >
                {formatDay(day, lang, 'short')}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(0)} y2={y(0)} stroke="#1b1f24" stroke-width="1" />
    </svg>
  );
}

function SpendTable(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  currency: string;
  days: string[];
  values: string[];
}) {
  const { text, lang, currency } = props;
  return (
    <details class="spend-table">
      <summary>{text.figures.spendTable}</summary>
      <div class="table-wrap">
        <table>
          <caption>{`${text.figures.spendTitle} (${currency})`}</caption>
          <thead>
            <tr>
              <th scope="col">{text.dashboard.day}</th>
              <th scope="col" class="number">
                {text.figures.net}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{formatDay(day, lang)}</th>
                <td class="number">{formatMoney(props.values[i], currency, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Guidance at work: refusals, removals at transfer and the preferred share of transferred lines. */
export function PolicySection(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  figures: DashboardFigures;
}) {
  const f = props.text.figures;
  const { policy } = props.figures;
  const share =
    policy.transferredLines === 0
      ? '–'
      : new Intl.NumberFormat(LOCALES[props.lang], { style: 'percent', maximumFractionDigits: 1 }).format(
          policy.preferredLines / policy.transferredLines,
        );
  return (
    <section aria-labelledby="policy-heading">
      <h2 id="policy-heading">{f.policyTitle}</h2>
      <dl class="figures">
        <div data-figure="refused-offers">
          <dt>{f.refusedOffers}</dt>
          <dd>{formatNumber(policy.refusedOffers, props.lang)}</dd>
        </div>
        <div data-figure="removed-at-transfer">
          <dt>{f.removedAtTransfer}</dt>
          <dd>{formatNumber(policy.removedAtTransfer, props.lang)}</dd>
        </div>
        <div data-figure="preferred-share">
          <dt>{f.preferredShare}</dt>
          <dd>
            {share}{' '}
            <span class="muted">({f.preferredOf(policy.preferredLines, policy.transferredLines)})</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function VendorsSection(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  figures: DashboardFigures;
}) {
  const f = props.text.figures;
  const { topVendors } = props.figures;
  return (
    <section aria-labelledby="vendors-heading">
      <h2 id="vendors-heading">{f.vendorsTitle}</h2>
      {topVendors.length === 0 ? (
        <p class="notice">{f.noVendors}</p>
      ) : (
        <div class="table-wrap">
          <table class="vendors cards-on-phone">
            <caption class="visually-hidden">{f.vendorsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{f.vendor}</th>
                <th scope="col" class="number">
                  {f.net}
                </th>
                <th scope="col" class="number">
                  {f.lines}
                </th>
              </tr>
            </thead>
            <tbody>
              {topVendors.map((vendor) => (
                <tr key={`${vendor.vendor}|${vendor.currency}`} data-vendor={vendor.vendor}>
                  <th scope="row" data-label={f.vendor}>
                    {vendor.vendor || f.unknownVendor}
                  </th>
                  <td class="number" data-label={f.net}>
                    {formatMoney(vendor.net, vendor.currency, props.lang)}
                  </td>
                  <td class="number" data-label={f.lines}>
                    {formatNumber(vendor.lines, props.lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
