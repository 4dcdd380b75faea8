import { Fragment } from 'preact';
import { productPath, sessionPath, shopHomePath } from '../../core/punchout-paths';
import { CsrfField, ShopLayout } from './shop-layout';
import type { CartView, Notice, ShopContext } from './shop-view.models';

/** The cart: editable quantities, tier prices, line totals, totals per currency, transfer and cancel. */
export function CartPage(props: { ctx: ShopContext; cart: CartView; notices?: Notice[]; status?: number }) {
  const { ctx, cart } = props;
  const t = ctx.t;
  const asks = cart.lines.length > 0 && !ctx.readOnly;
  return (
    <ShopLayout ctx={ctx} title={t.cart} notices={props.notices}>
      <h1>{t.cart}</h1>
      {cart.lines.length === 0 ? (
        <p class="punchout-empty">{t.emptyCart}</p>
      ) : (
        <div class="table-wrap">
          <table class="punchout-cart">
            <thead>
              <tr>
                <th scope="col">{t.line}</th>
                <th scope="col">{t.quantity}</th>
                <th scope="col" class="number">
                  {t.unitPrice}
                </th>
                <th scope="col" class="number">
                  {t.vat}
                </th>
                <th scope="col" class="number">
                  {t.lineTotal}
                </th>
                <th scope="col">
                  <span class="visually-hidden">{t.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((line, index) => {
                if (line.unavailable) {
                  return (
                    <tr key={`gone-${index}`} class="punchout-unavailable">
                      <td data-label={t.line}>{line.productName}</td>
                      <td data-label={t.quantity}>{line.quantity}</td>
                      <td colSpan={4}>
                        <span class="badge bad">{t.unavailable}</span>
                      </td>
                    </tr>
                  );
                }
                const quantityId = `cart-quantity-${line.offerId}`;
                return (
                  <tr key={line.offerId} data-offer-id={line.offerId}>
                    <td data-label={t.line}>
                      <a href={productPath(ctx.sessionKey, line.productId)}>{line.productName}</a>
                      <br />
                      <span class="muted">{line.vendor}</span>
                    </td>
                    {ctx.readOnly ? (
                      <td data-label={t.quantity} class="punchout-quantity-read-only">
                        {line.quantity}
                      </td>
                    ) : (
                      <td data-label={t.quantity} class="punchout-quantity-cell">
                        <form
                          method="post"
                          action={sessionPath(ctx.sessionKey, '/cart/update')}
                          class="inline-form punchout-update"
                        >
                          <CsrfField token={ctx.csrfToken} />
                          <input type="hidden" name="offerId" value={line.offerId} />
                          <label for={quantityId} class="visually-hidden">
                            {t.quantityOf(line.productName)}
                          </label>
                          <input
                            id={quantityId}
                            type="number"
                            name="quantity"
                            inputMode="numeric"
                            min={line.min}
                            max={line.max ?? undefined}
                            step={line.step}
                            value={line.quantity}
                            required
                            class="punchout-quantity"
                          />
                          <button type="submit" class="button secondary">
                            {t.update}
                          </button>
                        </form>
                        <span class="muted">{t.quantityRange(line.min, line.max)}</span>
                      </td>
                    )}
                    <td class="number" data-label={t.unitPrice}>
                      <span class="punchout-unit-price">{line.unitPriceText}</span>
                      <br />
                      <span class="muted">{line.priceUnitText}</span>
                      {line.quotedGrossText !== undefined && line.vatRateText && (
                        <>
                          <br />
                          <span class="muted punchout-quoted-gross">
                            {t.quotedGross(line.quotedGrossText, line.vatRateText)}
                          </span>
                        </>
                      )}
                      {line.tierFrom !== undefined && (
                        <>
                          <br />
                          <span class="badge neutral punchout-tier">{t.tierApplies(line.tierFrom)}</span>
                        </>
                      )}
                    </td>
                    <td class="number punchout-vat-rate" data-label={t.vat}>
                      {line.vatRateText ? (
                        t.vatRate(line.vatRateText)
                      ) : (
                        <span class="muted">{t.vatNotStated}</span>
                      )}
                    </td>
                    <td class="number punchout-line-total" data-label={t.lineTotal}>
                      {line.lineTotalText}
                    </td>
                    <td>
                      {!ctx.readOnly && (
                        <form
                          method="post"
                          action={sessionPath(ctx.sessionKey, '/cart/remove')}
                          class="punchout-remove"
                        >
                          <CsrfField token={ctx.csrfToken} />
                          <input type="hidden" name="offerId" value={line.offerId} />
                          <button
                            type="submit"
                            class="button danger"
                            aria-label={t.removeLine(line.productName)}
                          >
                            {t.remove}
                          </button>
                        </form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              {cart.totals.map((total) => (
                // Net total, VAT per rate, then the gross total: the last row (class punchout-total)
                // is what the order will cost; without a stated VAT on every line it is the net total.
                <Fragment key={total.currency}>
                  <tr
                    class={
                      total.grossText === null ? 'punchout-net-total punchout-total' : 'punchout-net-total'
                    }
                    data-currency={total.currency}
                  >
                    <th scope="row" colSpan={4}>
                      {t.netTotalIn(total.currency)}
                    </th>
                    <td class="number">
                      {total.grossText === null ? <strong>{total.netText}</strong> : total.netText}
                    </td>
                    <td />
                  </tr>
                  {total.vat.map((share) => (
                    <tr key={share.rateText} class="punchout-vat" data-currency={total.currency}>
                      <th scope="row" colSpan={4}>
                        {t.vatAt(share.rateText)}
                      </th>
                      <td class="number">{share.text}</td>
                      <td />
                    </tr>
                  ))}
                  {total.grossText === null ? (
                    <tr class="punchout-vat-missing" data-currency={total.currency}>
                      <td colSpan={6} class="muted">
                        {t.vatMissing}
                      </td>
                    </tr>
                  ) : (
                    <tr class="punchout-gross-total punchout-total" data-currency={total.currency}>
                      <th scope="row" colSpan={4}>
                        {t.grossTotalIn(total.currency)}
                      </th>
                      <td class="number">
                        <strong>{total.grossText}</strong>
                      </td>
                      <td />
                    </tr>
                  )}
                </Fragment>
              ))}
            </tfoot>
          </table>
        </div>
      )}
      {ctx.readOnly && <p class="punchout-read-only">{t.readOnlyCart}</p>}
      <div class="actions punchout-actions">
        {!ctx.readOnly && (
          <form method="post" action={sessionPath(ctx.sessionKey, '/transfer')}>
            <CsrfField token={ctx.csrfToken} />
            <button type="submit" class="button punchout-transfer" disabled={cart.lines.length === 0}>
              {t.transfer}
            </button>
          </form>
        )}
        <a class="button secondary" href={shopHomePath(ctx.sessionKey, ctx.productId)}>
          {t.continueShopping}
        </a>
        {/* With items, Cancel first asks (a GET to the confirm page); an empty cart has nothing to lose,
            and a read-only cart's Close sends it back unchanged. */}
        <form method={asks ? 'get' : 'post'} action={sessionPath(ctx.sessionKey, '/cancel')}>
          {!asks && <CsrfField token={ctx.csrfToken} />}
          <button type="submit" class="button secondary punchout-cancel">
            {ctx.readOnly ? t.close : t.cancel}
          </button>
        </form>
      </div>
    </ShopLayout>
  );
}
