import type { XmlElement } from '../../../common/xml/xml-tree';
import { blankSupplierItem } from '../blank-supplier-item';
import { deliveryDays } from '../delivery-days';
import { singleNetPrice } from '../net-price';
import type { CatalogWarnings } from '../catalog-warnings';
import { classificationOf } from '../classification-system';
import { decimalText, divideDecimals, isPositiveDecimal } from '../decimal-text';
import { nameFromDescription } from '../item-text';
import { addText, servedLanguage, textLanguageOf } from '../localized-text';
import { mediaUrl } from '../media-url';
import type {
  CatalogTransaction,
  SupplierItem,
  SupplierItemFeature,
  SupplierItemMedia,
  SupplierItemPrice,
  TextLanguage,
} from '../supplier-item';
import { child, childText, children, trimmedText } from '../xml-element';

export interface CxmlIndexContext {
  transaction: CatalogTransaction;
  warnings: CatalogWarnings;
}

type Result =
  { item: SupplierItem } | { rejected: { item: string | null; reason: string } } | { leftOut: true };

const PICTURE = /\.(jpe?g|png|gif|webp|svg)(\?.*)?$/i;

/**
 * One IndexItemAdd, IndexItemDelete or IndexItemPunchout as a supplier item:
 * - ItemID: SupplierPartID and SupplierPartAuxiliaryID (sent back in carts);
 * - ItemDetail (PunchoutDetail for punchout items): UnitPrice/Money with its currency (a net price),
 *   Description per xml:lang (its ShortName the name, the rest the description), UnitOfMeasure,
 *   PriceBasisQuantity (the price is per `quantity` of its unit: converted to order units with
 *   conversionFactor), Classification (domain and code, or the code as text), ManufacturerName,
 *   ManufacturerPartID, URL (a product page), LeadTime, ItemDetailIndustry's Characteristics (features,
 *   in the language of the first Description), AttachmentReferences (pictures by their file name, else
 *   attachments);
 * - IndexItemDetail: LeadTime, EffectiveDate and ExpirationDate (the price's validity), SearchGroupData
 *   (features);
 * Extrinsic, Dimension and TerritoryAvailable are not read. An IndexItemDelete in a Full load is left
 * out with a warning (the full load withdraws it anyway).
 */
export function cxmlIndexItem(record: XmlElement, line: number, context: CxmlIndexContext): Result {
  const itemId = child(record, 'ItemID');
  const id = childText(itemId, 'SupplierPartID');
  if (id === null) return { rejected: { item: null, reason: 'no ItemID/SupplierPartID' } };
  const auxiliaryId = childText(itemId, 'SupplierPartAuxiliaryID');

  if (record.name === 'IndexItemDelete') {
    if (context.transaction === 'incremental')
      return { item: { ...blankSupplierItem('delete', line, id), supplierPartAuxiliaryId: auxiliaryId } };
    context.warnings.warn(
      'full-catalog-delete',
      `item ${id}: IndexItemDelete in a Full load: left out, so it is withdrawn`,
      line,
    );
    return { leftOut: true };
  }

  const punchoutOnly = record.name === 'IndexItemPunchout';
  const detail = child(record, punchoutOnly ? 'PunchoutDetail' : 'ItemDetail');
  if (!detail)
    return { rejected: { item: id, reason: `no ${punchoutOnly ? 'PunchoutDetail' : 'ItemDetail'}` } };
  // Index details live in IndexItemDetail for added items, in PunchoutDetail itself for punchout items.
  const indexDetail = punchoutOnly ? detail : child(record, 'IndexItemDetail');

  const item: SupplierItem = {
    ...blankSupplierItem('upsert', line, id),
    supplierPartAuxiliaryId: auxiliaryId,
    manufacturerName: childText(detail, 'ManufacturerName'),
    manufacturerPartId: childText(detail, 'ManufacturerPartID'),
    punchoutOnly,
  };
  let firstLanguage: TextLanguage | null = null;
  for (const description of children(detail, 'Description')) {
    const language = servedLanguage(description.attributes['xml:lang'] ?? '', context.warnings, line);
    if (!language) continue;
    firstLanguage ??= language;
    const shortName = childText(description, 'ShortName');
    const text = description.children
      .filter((node): node is string => typeof node === 'string')
      .join('')
      .trim();
    addText(item.description, language, text);
    addText(item.name, language, shortName ?? nameFromDescription(text));
  }

  const price = priceOf(detail, indexDetail);
  if ('problem' in price) {
    if (!punchoutOnly || price.problem !== 'no UnitPrice')
      return { rejected: { item: id, reason: price.problem } };
  } else item.prices = [price.price];
  const orderUnit = childText(detail, 'UnitOfMeasure');
  if (orderUnit === null && !punchoutOnly) return { rejected: { item: id, reason: 'no UnitOfMeasure' } };
  item.ordering.orderUnit = orderUnit ?? '';
  const basis = priceBasisOf(detail, orderUnit, id, line, context);
  if ('problem' in basis) return { rejected: { item: id, reason: basis.problem } };
  item.ordering.priceQuantity = basis.priceQuantity;

  item.classifications = children(detail, 'Classification')
    .map((c) => ({ domain: c.attributes.domain ?? '', code: c.attributes.code ?? trimmedText(c) }))
    .filter((c) => c.domain !== '' && c.code !== '')
    .map((c) => classificationOf(c.domain, c.code));
  item.features = featuresOf(detail, indexDetail, firstLanguage ?? 'en');
  item.media = mediaOf(detail, id, line, context);
  item.deliveryDays = deliveryDays(
    childText(detail, 'LeadTime') ?? childText(indexDetail, 'LeadTime'),
    `item ${id}: LeadTime`,
    context.warnings,
    line,
  );
  return { item };
}

function priceOf(
  detail: XmlElement,
  indexDetail: XmlElement | undefined,
): { price: SupplierItemPrice } | { problem: string } {
  const money = child(child(detail, 'UnitPrice'), 'Money');
  if (!money) return { problem: 'no UnitPrice' };
  const raw = trimmedText(money);
  const amount = decimalText(raw);
  if (amount === null || amount.startsWith('-')) return { problem: `UnitPrice "${raw}" is not a price` };
  const currency = money.attributes.currency?.trim().toUpperCase();
  if (!currency) return { problem: 'UnitPrice/Money has no currency' };
  const dates: Record<'EffectiveDate' | 'ExpirationDate', string | null> = {
    EffectiveDate: null,
    ExpirationDate: null,
  };
  for (const name of ['EffectiveDate', 'ExpirationDate'] as const) {
    const text = childText(indexDetail, name);
    if (text === null) continue;
    if (
      !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(text) ||
      Number.isNaN(Date.parse(text))
    )
      return { problem: `${name} "${text}" is not an ISO 8601 date` };
    dates[name] = text;
  }
  return {
    price: singleNetPrice(
      amount,
      currency,
      { validFrom: dates.EffectiveDate, validTo: dates.ExpirationDate },
      'UnitPrice',
    ),
  };
}

/**
 * The order units one price covers: PriceBasisQuantity's `quantity` of its own unit, converted with
 * `conversionFactor` (order unit -> price basis unit): 1.23 EUR per 10 BX with 0.1 BX per EA is per
 * 100 EA. A quotient that does not end (1 / 0.3) is rounded to 4 decimals with a warning.
 */
function priceBasisOf(
  detail: XmlElement,
  orderUnit: string | null,
  id: string,
  line: number,
  context: CxmlIndexContext,
): { priceQuantity: string } | { problem: string } {
  const basis = child(detail, 'PriceBasisQuantity');
  if (!basis) return { priceQuantity: '1' };
  const quantity = decimalText(basis.attributes.quantity ?? '');
  const factor = decimalText(basis.attributes.conversionFactor ?? '');
  if (quantity === null || !isPositiveDecimal(quantity))
    return {
      problem: `PriceBasisQuantity quantity "${basis.attributes.quantity ?? ''}" is not a positive number`,
    };
  const sameUnit = childText(basis, 'UnitOfMeasure') === orderUnit;
  if (factor === null || !isPositiveDecimal(factor)) {
    if (sameUnit) return { priceQuantity: quantity };
    return {
      problem: `PriceBasisQuantity conversionFactor "${basis.attributes.conversionFactor ?? ''}" is not a positive number`,
    };
  }
  const { quotient, exact } = divideDecimals(quantity, factor);
  if (exact) return { priceQuantity: quotient };
  const rounded = Number(quotient)
    .toFixed(4)
    .replace(/\.?0+$/, '');
  context.warnings.warn(
    'price-basis-rounded',
    `item ${id}: PriceBasisQuantity ${quantity} ÷ conversionFactor ${factor} is rounded to ${rounded} order units`,
    line,
  );
  return { priceQuantity: rounded };
}

function featuresOf(
  detail: XmlElement,
  indexDetail: XmlElement | undefined,
  language: TextLanguage,
): SupplierItemFeature[] {
  const features: SupplierItemFeature[] = [];
  const add = (name: string | undefined, value: string | undefined) => {
    if (!name?.trim() || !value?.trim()) return;
    features.push({ name: { [language]: name.trim() }, values: [{ [language]: value.trim() }], unit: null });
  };
  for (const characteristic of children(
    child(child(detail, 'ItemDetailIndustry'), 'ItemDetailRetail'),
    'Characteristic',
  ))
    add(characteristic.attributes.domain, characteristic.attributes.value);
  for (const group of children(indexDetail, 'SearchGroupData'))
    for (const element of children(group, 'SearchDataElement'))
      add(element.attributes.name, element.attributes.value);
  return features;
}

function mediaOf(
  detail: XmlElement,
  id: string,
  line: number,
  context: CxmlIndexContext,
): SupplierItemMedia[] {
  const media: SupplierItemMedia[] = [];
  const add = (written: string, purpose: (url: string) => string, element: XmlElement | undefined) => {
    const url = mediaUrl(written, null);
    if (url === null) {
      context.warnings.warn(
        'media-url',
        `item ${id}: URL "${written}" is not an http(s) URL; left out`,
        line,
      );
      return;
    }
    const description = {};
    for (const text of [...children(element, 'Description'), ...children(element, 'Name')]) {
      const language = textLanguageOf(text.attributes['xml:lang'] ?? '');
      if (language) addText(description, language, trimmedText(text));
    }
    media.push({ url, purpose: purpose(url), mimeType: null, description });
  };
  const page = childText(detail, 'URL');
  if (page !== null) add(page, () => 'product_page', undefined);
  for (const attachment of children(detail, 'AttachmentReference')) {
    const url = childText(attachment, 'URL');
    if (url !== null)
      add(
        url,
        (absolute) => (PICTURE.test(new URL(absolute).pathname) ? 'normal' : 'attachment'),
        attachment,
      );
  }
  return media;
}
