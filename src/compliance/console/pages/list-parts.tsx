import type { ConsoleMessages } from '../console-messages';

/** The query string of a list's filters as typed ("" when none), for its first page and its exports. */
export function filterQuery(filters: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (typeof value === 'string' && value) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A list's filters that the server refused, above its form. */
export function FilterProblems(props: { text: ConsoleMessages; problems?: string[] }) {
  if (!props.problems?.length) return null;
  return (
    <div class="notice error" role="alert">
      <p>{props.text.sessions.invalid}</p>
      <ul>
        {props.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** "First page" (unless on it) and "Next page" (when there is one) of a cursor-paged list at `path`. */
export function ListPager(props: {
  text: ConsoleMessages;
  label: string;
  path: string;
  filters: object;
  isFirstPage: boolean;
  nextQuery?: string;
}) {
  const s = props.text.sessions;
  return (
    <nav class="actions" aria-label={props.label}>
      {!props.isFirstPage ? (
        <a class="button secondary" href={`${props.path}${filterQuery(props.filters)}`}>
          {s.first}
        </a>
      ) : null}
      {props.nextQuery ? (
        <a class="button" href={`${props.path}${props.nextQuery}`} rel="next">
          {s.next}
        </a>
      ) : null}
    </nav>
  );
}

/** The JSON Lines and CSV downloads of everything a list's filters match (`<path>/export`). */
export function ExportLinks(props: { text: ConsoleMessages; intro: string; path: string; filters: object }) {
  const query = filterQuery(props.filters);
  const href = (format: string) => `${props.path}/export${query ? `${query}&` : '?'}format=${format}`;
  return (
    <p class="export-links">
      {props.intro}{' '}
      <a href={href('jsonl')} download>
        {props.text.dashboard.exportJsonl}
      </a>{' '}
      ·{' '}
      <a href={href('csv')} download>
        {props.text.dashboard.exportCsv}
      </a>
    </p>
  );
}
