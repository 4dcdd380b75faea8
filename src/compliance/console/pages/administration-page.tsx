import type { AuditEventPage, AuditEventResponse } from '../../review/dto/audit-review.response';
import { ADMINISTRATION_EVENT_TYPES } from '../../review/administration-events';
import type { PageLanguage } from '../../../web/language';
import type { ConsoleViewer } from '../console-sign-in.service';
import type { ConsoleMessages } from '../console-messages';
import { ExportLinks, FilterProblems, ListPager } from './list-parts';
import { BreakableAddress } from './breakable-address';
import { CONSOLE_PATH, ConsoleFrame, utc } from './console-frame';

/** The filter form's values as the auditor typed them (echoed back, also when they are invalid). */
export interface AdministrationFilterValues {
  type?: string;
  actor?: string;
  from?: string;
  to?: string;
}

/** What the page shows of one event: who, in words, and what, in one sentence. */
export interface AdministrationEntry {
  event: AuditEventResponse;
  actor: string;
  summary: string;
}

export const ADMINISTRATION_PATH = `${CONSOLE_PATH}/administration`;

export function AdministrationPage(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  viewer: ConsoleViewer;
  filters: AdministrationFilterValues;
  entries?: AdministrationEntry[];
  page?: AuditEventPage;
  problems?: string[];
  nextQuery?: string;
  isFirstPage: boolean;
}) {
  const { text, filters } = props;
  const a = text.administration;
  const s = text.sessions;
  return (
    <ConsoleFrame
      lang={props.lang}
      text={text}
      title={a.title}
      viewer={props.viewer}
      current="administration"
    >
      <h1>{a.title}</h1>
      <p>{a.intro}</p>
      <form method="get" action={ADMINISTRATION_PATH} class="filters" aria-labelledby="filters-heading">
        <h2 id="filters-heading">{a.filters}</h2>
        <FilterProblems text={text} problems={props.problems} />
        <div class="inline-form">
          <div class="field">
            <label for="filter-type">{a.type}</label>
            <select id="filter-type" name="type">
              <option value="">{a.anyType}</option>
              {ADMINISTRATION_EVENT_TYPES.map((type) => (
                <option key={type} value={type} selected={filters.type === type}>
                  {text.eventTypes[type] ?? type}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="filter-actor">{a.actor}</label>
            <input
              id="filter-actor"
              name="actor"
              type="text"
              value={filters.actor ?? ''}
              aria-describedby="filter-actor-hint"
              autocomplete="off"
            />
            <small id="filter-actor-hint" class="muted">
              {a.actorHint}
            </small>
          </div>
          <div class="field">
            <label for="filter-from">{a.from}</label>
            <input id="filter-from" name="from" type="date" value={filters.from ?? ''} />
          </div>
          <div class="field">
            <label for="filter-to">{a.to}</label>
            <input id="filter-to" name="to" type="date" value={filters.to ?? ''} />
          </div>
          <button type="submit">{s.apply}</button>
          <a class="button secondary" href={ADMINISTRATION_PATH}>
            {s.reset}
          </a>
        </div>
      </form>
      {props.entries ? <AdministrationTable lang={props.lang} text={text} entries={props.entries} /> : null}
      <ListPager
        text={text}
        label={a.title}
        path={ADMINISTRATION_PATH}
        filters={filters}
        isFirstPage={props.isFirstPage}
        nextQuery={props.nextQuery}
      />
      {props.entries ? (
        <ExportLinks text={text} intro={a.exportIntro} path={ADMINISTRATION_PATH} filters={filters} />
      ) : null}
    </ConsoleFrame>
  );
}

function AdministrationTable(props: {
  lang: PageLanguage;
  text: ConsoleMessages;
  entries: AdministrationEntry[];
}) {
  const { text, entries } = props;
  const a = text.administration;
  if (entries.length === 0) return <p class="notice">{a.none}</p>;
  return (
    <div class="table-wrap">
      <table class="administration cards-on-phone">
        <caption>{a.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{a.time}</th>
            <th scope="col">{a.who}</th>
            <th scope="col">{a.what}</th>
            <th scope="col" class="number">
              {a.position}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map(({ event, actor, summary }) => (
            <tr key={event.sequence} data-sequence={event.sequence} data-type={event.type}>
              <td class="time" data-label={a.time}>
                {utc(event.occurredAt, props.lang)}
              </td>
              <td class="actor" data-label={a.who}>
                <BreakableAddress text={actor} />
              </td>
              <td data-label={a.what}>
                <span class="event-type">{text.eventTypes[event.type] ?? event.type}</span>
                <p class="event-summary">{summary}</p>
                <details>
                  <summary>{text.session.details}</summary>
                  <pre class="payload">{JSON.stringify(event.payload, null, 2)}</pre>
                  <p class="hash">
                    {text.session.hash}: <code>{event.hash}</code>
                  </p>
                </details>
              </td>
              <td class="number" data-label={a.position}>
                {event.sequence}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
