import type { ComponentChildren } from 'preact';
import type { PageLanguage } from '../../../web/language';
import { MessagePage } from '../../../web/message.page';
import { PUNCHOUT_SCRIPTS, PUNCHOUT_STYLES } from './shop-layout';
import type { ReturnFormView } from './shop-view.models';
import type { PunchoutMessages } from '../punchout.messages';

/**
 * A page without the shop (the toolkit's message page in the shop's look): not found, link already
 * used, session over. When `returnForm` is given, it offers (or, with autoSubmit, performs) the post
 * back to the procurement system.
 */
export function ShopMessagePage(props: {
  lang: PageLanguage;
  t: PunchoutMessages;
  title: string;
  text: string;
  hint?: string;
  returnForm?: ReturnFormView;
  returnLabel?: string;
  /** Above the return form: what it sends (the transfer's summary). */
  summary?: ComponentChildren;
}) {
  return (
    <MessagePage
      lang={props.lang}
      title={props.title}
      text={props.text}
      hint={props.hint}
      styles={PUNCHOUT_STYLES}
      scripts={props.returnForm?.autoSubmit ? PUNCHOUT_SCRIPTS : []}
    >
      {props.summary}
      {props.returnForm && (
        <ReturnForm form={props.returnForm} label={props.returnLabel ?? props.t.returnButton} />
      )}
    </MessagePage>
  );
}

/**
 * The OCI return form: posted by the browser to the HOOK_URL exactly as given, into the ~TARGET frame.
 * With autoSubmit, /assets/punchout.js submits it; the visible button is the no-JavaScript path.
 */
export function ReturnForm(props: { form: ReturnFormView; label: string }) {
  const { form } = props;
  return (
    <form
      method="post"
      action={form.callbackUrl}
      target={form.target}
      acceptCharset="UTF-8"
      enctype="application/x-www-form-urlencoded"
      class="punchout-return"
      data-auto-submit={form.autoSubmit ? 'true' : undefined}
    >
      {form.fields.map(([name, value], i) => (
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" class="button">
        {props.label}
      </button>
    </form>
  );
}
