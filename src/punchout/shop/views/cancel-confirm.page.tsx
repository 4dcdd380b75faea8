import { cartPath, sessionPath } from '../../core/punchout-paths';
import { CsrfField, ShopLayout } from './shop-layout';
import type { ShopContext } from './shop-view.models';

/**
 * "Cancel" asks first when the cart holds something: cancelling discards it and sends the buyer back
 * with nothing (a cXML session: with the cart it opened with), which cannot be undone. A page, not a script dialog, so it works without JavaScript.
 */
export function CancelConfirmPage(props: { ctx: ShopContext; lineCount: number; keepsOpeningCart: boolean }) {
  const { ctx } = props;
  const t = ctx.t;
  return (
    <ShopLayout ctx={ctx} title={t.cancelConfirmTitle}>
      <h1>{t.cancelConfirmTitle}</h1>
      <p class="punchout-message">
        {props.keepsOpeningCart ? t.cancelConfirmTextCxml : t.cancelConfirmText(props.lineCount)}
      </p>
      <div class="actions punchout-actions">
        <form method="post" action={sessionPath(ctx.sessionKey, '/cancel')}>
          <CsrfField token={ctx.csrfToken} />
          <button type="submit" class="button danger punchout-cancel-confirm">
            {t.cancelConfirm}
          </button>
        </form>
        <a class="button secondary" href={cartPath(ctx.sessionKey)}>
          {t.cancelKeep}
        </a>
      </div>
    </ShopLayout>
  );
}
