import { Layout } from '../../web/layout';
import type { PageLanguage } from '../../web/language';
import type { TestBenchMessages } from '../test-bench.messages';

export interface BenchDefaults {
  clientId: string;
  email: string;
  /** Set in demo mode: whose data is filled in. */
  demoEmail?: string;
}

const FUNCTIONS = ['shop', 'DETAIL', 'VALIDATE', 'BACKGROUND_SEARCH'] as const;

/**
 * The bench's start: the OCI call-up form exactly as SAP posts it (the fields are OCI's), sent by the
 * integrator's browser to the gateway's own call-up, with HOOK_URL fixed to the bench's receiver.
 */
export function BenchPage(props: {
  lang: PageLanguage;
  t: TestBenchMessages;
  hookUrl: string;
  defaults: BenchDefaults;
  /** Why the last cXML setup was refused, if it was. */
  refusal?: string;
}) {
  const { t, defaults } = props;
  return (
    <Layout lang={props.lang} title={t.title} styles={['/assets/test-bench.css']}>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {defaults.demoEmail && <p class="notice ok">{t.demoNote(defaults.demoEmail)}</p>}
      {props.refusal && (
        <p class="notice error" role="alert">
          {props.refusal}
        </p>
      )}
      <h2>{t.ociTitle}</h2>
      <form method="post" action="/punchout/oci" class="test-bench-form">
        <fieldset>
          <legend>{t.client}</legend>
          <div class="field">
            <label for="bench-username">{t.clientId}</label>
            <input
              id="bench-username"
              name="USERNAME"
              required
              maxLength={100}
              value={defaults.clientId}
              autoComplete="off"
            />
          </div>
          <div class="field">
            <label for="bench-password">{t.punchoutSecret}</label>
            <input
              id="bench-password"
              name="PASSWORD"
              type="password"
              required
              maxLength={200}
              autoComplete="off"
              aria-describedby="bench-password-hint"
            />
            <p id="bench-password-hint" class="muted">
              {t.punchoutSecretHint}
            </p>
          </div>
          <div class="field">
            <label for="bench-email">{t.email}</label>
            <input
              id="bench-email"
              name="EMAIL"
              type="email"
              required
              maxLength={254}
              value={defaults.email}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t.what}</legend>
          <div class="field">
            <label for="bench-function">{t.function}</label>
            {/* "shop" is sent as an empty FUNCTION, which the call-up treats as absent. */}
            <select id="bench-function" name="FUNCTION">
              {FUNCTIONS.map((fn) => (
                <option key={fn} value={fn === 'shop' ? '' : fn}>
                  {t.functions[fn]}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="bench-product">{t.productId}</label>
            <input id="bench-product" name="PRODUCTID" maxLength={64} autoComplete="off" />
          </div>
          <div class="field">
            <label for="bench-search">{t.searchString}</label>
            <input id="bench-search" name="SEARCHSTRING" maxLength={200} autoComplete="off" />
          </div>
          <div class="field">
            <label for="bench-quantity">{t.quantity}</label>
            <input id="bench-quantity" name="QUANTITY" type="number" min={1} step={1} inputMode="numeric" />
          </div>
        </fieldset>
        <input type="hidden" name="HOOK_URL" value={props.hookUrl} />
        <input type="hidden" name="~TARGET" value="_top" />
        <p class="muted">
          {t.hookUrl} <code>{props.hookUrl}</code>. {t.originNote}
        </p>
        <button type="submit" class="button">
          {t.open}
        </button>
      </form>
      <h2>{t.cxmlTitle}</h2>
      <p>{t.cxmlIntro}</p>
      <form method="post" action="/test-bench/cxml" class="test-bench-form test-bench-cxml-form">
        <fieldset>
          <legend>{t.client}</legend>
          <div class="field">
            <label for="cxml-identity">{t.clientId}</label>
            <input
              id="cxml-identity"
              name="clientId"
              required
              maxLength={100}
              value={defaults.clientId}
              autoComplete="off"
            />
          </div>
          <div class="field">
            <label for="cxml-secret">{t.punchoutSecret}</label>
            <input
              id="cxml-secret"
              name="punchoutSecret"
              type="password"
              required
              maxLength={200}
              autoComplete="off"
            />
          </div>
          <div class="field">
            <label for="cxml-email">{t.email}</label>
            <input
              id="cxml-email"
              name="email"
              type="email"
              required
              maxLength={254}
              value={defaults.email}
            />
          </div>
          <div class="field">
            <label for="cxml-product">{t.cxmlProduct}</label>
            <input id="cxml-product" name="productId" maxLength={64} autoComplete="off" />
          </div>
        </fieldset>
        <button type="submit" class="button">
          {t.cxmlOpen}
        </button>
      </form>
    </Layout>
  );
}
