import type { XmlElement } from '../../../common/xml/xml-tree';
import type { XmlTruncation } from '../../../common/xml/xml-stream';
import { blankSupplierItem } from '../blank-supplier-item';
import { deliveryDays } from '../delivery-days';
import { describeTruncation } from '../catalog-xml';
import { decimalText, isPositiveDecimal } from '../decimal-text';
import { gtinOf } from '../gtin';
import { plainText } from '../item-text';
import type { SupplierItem, SupplierItemOrdering } from '../supplier-item';
import { child, childText, children, trimmedText } from '../xml-element';
import { type BmecatContext, localizedTexts } from './bmecat-context';
import { bmecatFeatures } from './bmecat-features';
import { bmecatMedia } from './bmecat-media';
import { bmecatPrices } from './bmecat-prices';

/** What became of one PRODUCT (ARTICLE): an item, a refusal with its reason, or nothing (left out on purpose). */
export type BmecatProductResult =
  { item: SupplierItem } | { rejected: { item: string | null; reason: string } } | { leftOut: true };

/**
 * Maps one PRODUCT (BMEcat 2005) or ARTICLE (1.2) to a supplier item, by the transaction:
 * - T_NEW_CATALOG: every product is offered (`upsert`); one marked mode="delete" is left out with a
 *   warning, so that the full catalog withdraws it;
 * - T_UPDATE_PRODUCTS: mode="new" or "update" is an `upsert` with everything the product gives,
 *   mode="delete" a `delete`;
 * - T_UPDATE_PRICES: `prices`, only the price list.
 * A product without SUPPLIER_PID, without ORDER_UNIT, with a quantity that is not a number, or
 * without a usable price (upsert and prices) is refused with the reason.
 */
export function mapBmecatProduct(
  product: XmlElement,
  line: number,
  truncated: XmlTruncation | null,
  context: BmecatContext,
): BmecatProductResult {
  const id = childText(product, 'SUPPLIER_PID', 'SUPPLIER_AID');
  if (id === null)
    return {
      rejected: { item: null, reason: `no ${product.name === 'ARTICLE' ? 'SUPPLIER_AID' : 'SUPPLIER_PID'}` },
    };
  if (truncated)
    context.warnings.warn('item-truncated', `product ${id}: ${describeTruncation(truncated)}`, line);

  const mode = product.attributes.mode?.trim();
  if (context.transaction === 'full' && mode === 'delete') {
    context.warnings.warn(
      'full-catalog-delete',
      `product ${id}: mode="delete" in a full catalog: left out, so it is withdrawn`,
      line,
    );
    return { leftOut: true };
  }
  if (context.transaction === 'incremental') {
    if (mode === 'delete') return { item: blankSupplierItem('delete', line, id) };
    if (mode !== undefined && mode !== 'new' && mode !== 'update')
      return { rejected: { item: id, reason: `mode "${mode}" is not new, update or delete` } };
    if (mode === undefined)
      context.warnings.warn(
        'update-without-mode',
        `product ${id}: no mode in T_UPDATE_PRODUCTS: read as an update`,
        line,
      );
  }

  const { prices, problem } = bmecatPrices(product, context, id, line);
  if (problem !== null) return { rejected: { item: id, reason: problem } };
  if (context.transaction === 'prices') return { item: { ...blankSupplierItem('prices', line, id), prices } };

  const ordering = orderingOf(product);
  if ('problem' in ordering) return { rejected: { item: id, reason: ordering.problem } };
  const details = child(product, 'PRODUCT_DETAILS', 'ARTICLE_DETAILS');
  const { classifications, features } = bmecatFeatures(product, context, line);
  const typeDescription = localizedTexts(children(details, 'MANUFACTURER_TYPE_DESCR'), context, line);
  return {
    item: {
      ...blankSupplierItem('upsert', line, id),
      gtin: gtinIn(details, context, id, line),
      manufacturerName: childText(details, 'MANUFACTURER_NAME'),
      manufacturerPartId: childText(details, 'MANUFACTURER_PID', 'MANUFACTURER_AID'),
      manufacturerTypeDescription:
        typeDescription.de ?? typeDescription.en ?? childText(details, 'MANUFACTURER_TYPE_DESCR'),
      name: localizedTexts(children(details, 'DESCRIPTION_SHORT'), context, line),
      description: localizedTexts(children(details, 'DESCRIPTION_LONG'), context, line, plainText),
      keywords: unique(children(details, 'KEYWORD').map(trimmedText)),
      classifications,
      features,
      prices,
      ordering: ordering.ordering,
      media: bmecatMedia(product, context, id, line),
      deliveryDays: deliveryDays(
        childText(details, 'DELIVERY_TIME'),
        `product ${id}: DELIVERY_TIME`,
        context.warnings,
        line,
      ),
      statuses: unique(
        children(details, 'PRODUCT_STATUS', 'ARTICLE_STATUS').map((s) => s.attributes.type?.trim() ?? ''),
      ),
      specialTreatment: unique(
        children(details, 'SPECIAL_TREATMENT_CLASS').map((s) =>
          s.attributes.type ? `${s.attributes.type}: ${trimmedText(s)}` : trimmedText(s),
        ),
      ),
    },
  };
}

/** PRODUCT_ORDER_DETAILS (ARTICLE_ORDER_DETAILS): the units and quantities, each a positive decimal where given. */
function orderingOf(product: XmlElement): { ordering: SupplierItemOrdering } | { problem: string } {
  const details = child(product, 'PRODUCT_ORDER_DETAILS', 'ARTICLE_ORDER_DETAILS');
  const orderUnit = childText(details, 'ORDER_UNIT');
  if (orderUnit === null) return { problem: 'no ORDER_UNIT' };
  const quantities: Record<string, string | null> = {};
  for (const name of ['NO_CU_PER_OU', 'PRICE_QUANTITY', 'QUANTITY_MIN', 'QUANTITY_INTERVAL']) {
    const raw = childText(details, name);
    const value = raw === null ? null : decimalText(raw);
    if (raw !== null && (value === null || !isPositiveDecimal(value)))
      return { problem: `${name} "${raw}" is not a positive number` };
    quantities[name] = value;
  }
  return {
    ordering: {
      orderUnit,
      contentUnit: childText(details, 'CONTENT_UNIT'),
      contentPerOrderUnit: quantities.NO_CU_PER_OU,
      priceQuantity: quantities.PRICE_QUANTITY ?? '1',
      quantityMin: quantities.QUANTITY_MIN,
      quantityInterval: quantities.QUANTITY_INTERVAL,
    },
  };
}

/** The first valid GTIN: INTERNATIONAL_PID of type gtin, ean or upc (a GTIN-12), else EAN (BMEcat 1.2, still in 2005 files). */
function gtinIn(
  details: XmlElement | undefined,
  context: BmecatContext,
  id: string,
  line: number,
): string | null {
  const candidates = [
    ...children(details, 'INTERNATIONAL_PID').filter((pid) =>
      /^(gtin|ean|upc)$/i.test(pid.attributes.type ?? ''),
    ),
    ...children(details, 'EAN'),
  ];
  for (const candidate of candidates) {
    const found = gtinOf(trimmedText(candidate));
    if ('gtin' in found) return found.gtin;
    context.warnings.warn(
      'gtin-invalid',
      `product ${id}: ${found.problem}; not used to match products`,
      line,
    );
  }
  return null;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}
