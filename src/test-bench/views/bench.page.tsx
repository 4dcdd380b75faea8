import type { ComponentChildren } from 'preact';
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
        <CredentialFields
          t={t}
          defaults={defaults}
          fields={{
            clientId: ['bench-username', 'USERNAME'],
            secret: ['bench-password', 'PASSWORD'],
            email: ['bench-email', 'EMAIL'],
          }}
        />
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
            <input type="text" id="bench-product" name="PRODUCTID" maxLength={64} autoComplete="off" />
          </div>
          <div class="field">
            <label for="bench-search">{t.searchString}</label>
            <input type="text" id="bench-search" name="SEARCHSTRING" maxLength={200} autoComplete="off" />
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
        <CredentialFields
          t={t}
          defaults={defaults}
          fields={{
            clientId: ['cxml-identity', 'clientId'],
            secret: ['cxml-secret', 'punchoutSecret'],
            email: ['cxml-email', 'email'],
          }}
        >
          <div class="field">
            <label for="cxml-product">{t.cxmlProduct}</label>
            <input type="text" id="cxml-product" name="productId" maxLength={64} autoComplete="off" />
          </div>
        </CredentialFields>
        <button type="submit" class="button">
          {t.cxmlOpen}
        </button>
      </form>
    </Layout>
  );
}

/** The client's id, its punchout secret and the user's e-mail: [element id, field name] per protocol. */
function CredentialFields(props: {
  t: TestBenchMessages;
  defaults: BenchDefaults;
  fields: Record<'clientId' | 'secret' | 'email', [id: string, name: string]>;
  children?: ComponentChildren;
}) {
  const { t, defaults, fields } = props;
  const hintId = `${fields.secret[0]}-hint`;
  return (
    <fieldset>
      <legend>{t.client}</legend>
      <div class="field">
        <label for={fields.clientId[0]}>{t.clientId}</label>
        <input
          id={fields.clientId[0]}
          name={fields.clientId[1]}
          type="text"
          required
          maxLength={100}
          value={defaults.clientId}
          autoComplete="off"
        />
      </div>
      <div class="field">
        <label for={fields.secret[0]}>{t.punchoutSecret}</label>
        <input
          id={fields.secret[0]}
          name={fields.secret[1]}
          type="password"
          required
          maxLength={200}
          autoComplete="off"
          aria-describedby={hintId}
        />
        <p id={hintId} class="muted">
          {t.punchoutSecretHint}
        </p>
      </div>
      <div class="field">
        <label for={fields.email[0]}>{t.email}</label>
        <input
          id={fields.email[0]}
          name={fields.email[1]}
          type="email"
          required
          maxLength={254}
          value={defaults.email}
        />
      </div>
      {props.children}
    </fieldset>
  );
}
