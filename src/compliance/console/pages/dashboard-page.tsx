import type { ComponentChildren } from 'preact';
import type { DashboardFigures } from '../../review/audit-figures.service';
import type { PageLanguage } from '../../../web/language';
import type { ConsoleViewer } from '../console-sign-in.service';
import type { ConsoleMessages } from '../console-messages';
import type { TrackedVerification } from '../console-verification.tracker';
import { CONSOLE_PATH, ConsoleFrame, utc } from './console-frame';
import { PeriodForm, PolicySection, SpendSection, VendorsSection } from './figures';
import { OutcomeChart, OutcomeLegend, OutcomeTable } from './outcome-chart';

/** The chain's last verification as the dashboard shows it, and how often the whole chain is walked. */
export interface DashboardVerification {
  tracked: TrackedVerification;
  wholeWalkEveryMinutes: number;
}

export function DashboardPage(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  viewer: ConsoleViewer;
  /** The period's first and last day (YYYY-MM-DD, UTC), as the form shows them. */
  period: { from: string; to: string };
  /** The period's figures; absent when the period asked for is not valid. */
  figures?: DashboardFigures;
  problems?: string[];
  verification: DashboardVerification;
  /** The period's order figures (their own section, from the orders pages). */
  orders?: ComponentChildren;
}) {
  const { text, figures } = props;
  const days = figures?.outcomes.map((entry) => entry.day) ?? [];
  return (
    <ConsoleFrame
      lang={props.lang}
      text={text}
      title={text.dashboard.title}
      viewer={props.viewer}
      current="dashboard"
    >
      <h1>{text.dashboard.title}</h1>
      <PeriodForm text={text} from={props.period.from} to={props.period.to} problems={props.problems} />
      <section aria-labelledby="verification-heading">
        <h2 id="verification-heading">{text.dashboard.verificationTitle}</h2>
        <VerificationStatus lang={props.lang} text={text} verification={props.verification} />
      </section>
      {figures ? (
        <>
          <SpendSection lang={props.lang} text={text} days={days} figures={figures} />
          <section aria-labelledby="chart-heading">
            <h2 id="chart-heading">{text.dashboard.chartTitle}</h2>
            {/* Scrolls sideways on a phone rather than shrinking the labels; focusable so keyboards can scroll it. */}
            <div class="chart-wrap" tabIndex={0} role="group" aria-labelledby="chart-heading">
              <OutcomeChart days={figures.outcomes} text={text} lang={props.lang} />
            </div>
            <OutcomeLegend text={text} />
            <OutcomeTable days={figures.outcomes} text={text} lang={props.lang} />
            <p>
              <a href={`${CONSOLE_PATH}/sessions`}>{text.dashboard.allSessions}</a>
            </p>
          </section>
          <PolicySection lang={props.lang} text={text} figures={figures} />
          <VendorsSection lang={props.lang} text={text} figures={figures} />
          {props.orders}
        </>
      ) : null}
      <section aria-labelledby="export-heading">
        <h2 id="export-heading">{text.dashboard.exportTitle}</h2>
        <p>{text.dashboard.exportIntro}</p>
        <form method="get" action={`${CONSOLE_PATH}/export`} class="inline-form">
          <div class="field">
            <label for="export-from">{text.dashboard.from}</label>
            <input id="export-from" name="from" type="date" />
          </div>
          <div class="field">
            <label for="export-to">{text.dashboard.to}</label>
            <input id="export-to" name="to" type="date" />
          </div>
          <button type="submit" name="format" value="jsonl">
            {text.dashboard.exportJsonl}
          </button>
          <button type="submit" name="format" value="csv" class="secondary">
            {text.dashboard.exportCsv}
          </button>
        </form>
      </section>
    </ConsoleFrame>
  );
}

/** What was checked, when, up to which event; the break when there is one; the head hash. */
export function VerificationStatus(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  verification: DashboardVerification;
}) {
  const { lang, text } = props;
  const { tracked, wholeWalkEveryMinutes } = props.verification;
  const verifyNow = (
    <a class="button secondary" href={`${CONSOLE_PATH}/verify`}>
      {text.dashboard.verifyNow}
    </a>
  );
  if (tracked.kind === 'running') {
    return (
      <div class="notice" data-verification="running">
        <p>{text.dashboard.firstWalkRunning(tracked.head.sequence)}</p>
        <p>
          {text.dashboard.headHash}: <code class="hash">{tracked.head.hash}</code>
        </p>
      </div>
    );
  }
  const { result, whole, checkedAt } = tracked.record;
  return (
    <div
      class={`notice ${result.intact ? 'ok' : 'error'}`}
      data-verification={result.intact ? 'intact' : 'broken'}
      data-verified-up-to={result.head.sequence}
    >
      <p>
        <strong>
          {!result.intact
            ? text.dashboard.broken(result.firstBrokenSequence)
            : result.head.sequence === 0
              ? text.dashboard.empty
              : text.dashboard.intact(result.checked, result.head.sequence)}
        </strong>
      </p>
      {!result.intact && result.problem ? <p>{result.problem}</p> : null}
      <p data-whole-walk={whole.at.toISOString()}>
        {text.dashboard.wholeWalk(whole.upTo, utc(whole.at.toISOString(), lang))}
        {result.head.sequence > whole.upTo ? (
          <>
            {' '}
            {text.dashboard.checkedSince(
              whole.upTo + 1,
              result.head.sequence,
              utc(checkedAt.toISOString(), lang),
            )}
          </>
        ) : null}
      </p>
      {tracked.wholeWalkRunning ? <p>{text.dashboard.wholeWalkRunning}</p> : null}
      <p>
        {text.dashboard.headHash}: <code class="hash">{result.head.hash}</code>
      </p>
      <p>
        {text.dashboard.wholeWalkEvery(wholeWalkEveryMinutes)} {verifyNow}
      </p>
    </div>
  );
}
