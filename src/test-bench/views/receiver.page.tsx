import { Layout } from '../../web/layout';
import type { PageLanguage } from '../../web/language';
import type { ReceivedPost } from '../received-post';
import type { TestBenchMessages } from '../test-bench.messages';

/** The bench's HOOK_URL: what arrived, as OCI lines, as fields in order, and as the raw body. */
export function ReceiverPage(props: {
  lang: PageLanguage;
  t: TestBenchMessages;
  received: ReceivedPost | null;
  receivedAt: string;
}) {
  const { t, received } = props;
  return (
    <Layout lang={props.lang} title={t.receiverTitle} styles={['/assets/test-bench.css']}>
      <h1>{t.receiverTitle}</h1>
      {received === null ? (
        <p>{t.receivedNothing}</p>
      ) : (
        <>
          <p class="muted">
            {t.receivedAt(props.receivedAt)} · {t.lines(received.lines.length)}
          </p>
          {received.fields.length === 0 && <p class="notice warn test-bench-empty">{t.emptyCart}</p>}
          {received.lines.map((line) => (
            <section key={line.number} class="test-bench-line" data-line={line.number}>
              <h2>
                {t.line} {line.number}
              </h2>
              <table class="test-bench-fields">
                <thead>
                  <tr>
                    <th scope="col">{t.field}</th>
                    <th scope="col">{t.value}</th>
                  </tr>
                </thead>
                <tbody>
                  {line.values.map(([name, value], i) => (
                    <tr key={`${name}-${i}`}>
                      <th scope="row">{name}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          {received.fields.length > 0 && (
            <details>
              <summary>
                {t.fields} ({received.fields.length})
              </summary>
              <table class="test-bench-fields">
                <tbody>
                  {received.fields.map(([name, value], i) => (
                    <tr key={i}>
                      <th scope="row">{name}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
          {received.cxmlDocument !== undefined && (
            <details open>
              <summary>{t.cxmlDocument}</summary>
              <pre class="test-bench-raw test-bench-cxml">{received.cxmlDocument}</pre>
            </details>
          )}
          <details>
            <summary>{t.rawBody}</summary>
            <pre class="test-bench-raw">{received.rawBody}</pre>
          </details>
        </>
      )}
      <p>
        <a class="button secondary" href="/test-bench">
          {t.again}
        </a>
      </p>
    </Layout>
  );
}
