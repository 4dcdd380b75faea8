import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { cartTotals, lineNet, minorUnitText, rateText, vatAmount, vatRateOf } from '../../catalog/vat';
import type { CartLine } from '../core/cart-line';
import { cut, lineName, singleLine } from '../core/line-text';
import { negotiateLanguage } from '../../common/i18n/language';
import { CxmlEnvelope, cxmlRoot, serialize, xmlSafe } from '../../cxml/cxml-envelope';
import type { CxmlCredential } from '../../cxml/cxml-header.parser';
import { shipToForEcho } from './cxml-ship-to';
import type { XmlElement } from '../../common/xml/xml-tree';

/** ShortName: the name cut to 40 UTF-16 units, as short as an OCI DESCRIPTION (Description has it whole). */
const SHORT_NAME_MAX = 40;

/**
 * The cart as a cXML `PunchOutOrderMessage` (docs/punchout.md, "The cXML order message"). Pure: the
 * lines are the cart lines every return is built from (cartLineOf: net unit price after tiers, VAT rate), so
 * both protocols send the same cart; the XML is built and escaped by xmlbuilder2.
 */

export type CxmlOperationAllowed = 'edit' | 'inspect';

export interface CxmlOrderMessage {
  /** The setup request's BuyerCookie, echoed byte for byte. */
  buyerCookie: string;
  /** `edit` after create or edit, `inspect` after inspect. */
  operationAllowed: CxmlOperationAllowed;
  lines: readonly CartLine[];
  /** Header: From is us (the request's To), To is the buyer (the request's From), Sender is us. */
  parties: { from: CxmlCredential[]; to: CxmlCredential[]; userAgent: string };
  /** The setup request's ShipTo element as received (echoed as far as the DTD allows it); null when it sent none. */
  shipTo: XmlElement | null;
  /** The unit sent when a line's unit is not a UN/ECE Rec. 20 code (CXML_DEFAULT_UNIT, default EA). */
  defaultUnit: string;
}

/** The currency of an empty cart's Total (cXML requires one; the amount is 0). */
export const EMPTY_CART_CURRENCY = 'EUR';

const UNIT_CODE = /^[A-Z0-9]{1,3}$/;
/** The catalog's unit of an offer that names none of its own (offer.unit's default). */
const CATALOG_PIECE_UNIT = 'PCE';

/**
 * The document text. Throws when the lines are in more than one currency (cXML has one Total): the
 * cart never holds two (an add in another currency is refused, re-validation takes such a line out).
 */
export function buildOrderMessage(envelope: CxmlEnvelope, message: CxmlOrderMessage): string {
  const currencies = [...new Set(message.lines.map((line) => singleLine(line.currency).toUpperCase()))];
  if (currencies.length > 1)
    throw new Error(`a cXML order message has one currency; the cart has ${currencies.join(', ')}`);
  const currency = currencies[0] ?? EMPTY_CART_CURRENCY;
  const lang = envelope.lang;
  // The texts' language: the setup request's (xml:lang "de-DE" reads German), else English.
  const textLanguage = negotiateLanguage(lang, 'en');

  const root = cxmlRoot(envelope);
  const header = root.ele('Header');
  credentials(header.ele('From'), message.parties.from);
  credentials(header.ele('To'), message.parties.to);
  const sender = header.ele('Sender');
  credentials(sender, message.parties.from.slice(0, 1));
  sender.ele('UserAgent').txt(xmlSafe(message.parties.userAgent));

  const order = root.ele('Message').ele('PunchOutOrderMessage');
  order.ele('BuyerCookie').txt(xmlSafe(message.buyerCookie));

  const taxed = message.lines.map((line) => ({
    line,
    net: lineNet(line.price, line.quantity, line.priceUnit, currency),
    vatRate: line.vatRate ? vatRateOf({ vatRate: line.vatRate, priceIncludesVat: false }) : null,
  }));
  const amount = (value: Parameters<typeof minorUnitText>[0]) => minorUnitText(value, currency);
  const totals = cartTotals(taxed.map((t) => ({ currency, net: t.net, vatRate: t.vatRate })))[0];

  const head = order.ele('PunchOutOrderMessageHeader', { operationAllowed: message.operationAllowed });
  money(head.ele('Total'), currency, amount(totals?.net ?? 0));
  const shipTo = message.shipTo ? shipToForEcho(message.shipTo, lang) : null;
  if (shipTo) copyElement(head, shipTo);
  // VAT of the whole cart, computed per rate on the rate's net sum (as the cart page shows it); only
  // when every line states its rate, else a total would be wrong.
  if (totals && totals.gross !== null && totals.vat.length > 0) {
    const tax = head.ele('Tax');
    money(tax, currency, amount(totals.vatTotal));
    tax.ele('Description', { 'xml:lang': lang }).txt('VAT');
    for (const share of totals.vat)
      taxDetail(tax, currency, rateText(share.rate, 'en'), amount(share.net), amount(share.vat));
  }

  for (const { line, net, vatRate } of taxed) {
    const item = order.ele('ItemIn', { quantity: String(line.quantity) });
    const itemId = item.ele('ItemID');
    const sku = line.vendorMaterial ? singleLine(line.vendorMaterial) : '';
    itemId.ele('SupplierPartID').txt(xmlSafe(sku || singleLine(line.productCode ?? line.productId)));
    // The line's order key: the buyer's OrderRequest echoes it (the order is matched to this line by
    // it), and an `edit` setup request names it again, so the cart is rebuilt and the line keeps it. A
    // line handed over without a key of ours (a cart from before keys) is named by its offer id.
    itemId.ele('SupplierPartAuxiliaryID').txt(xmlSafe(line.orderKey ?? line.offerId));

    const detail = item.ele('ItemDetail');
    money(detail.ele('UnitPrice'), currency, line.price);
    const shown = lineName(line, textLanguage);
    const name = xmlSafe(singleLine(shown.text));
    // xml:lang says the language the name is really in: the request's own tag when they agree.
    const description = detail.ele('Description', { 'xml:lang': descriptionLang(lang, shown.language) });
    description.ele('ShortName').txt(cut(name, SHORT_NAME_MAX));
    description.txt(name);
    const unit = unitOf(line.unit, message.defaultUnit);
    detail.ele('UnitOfMeasure').txt(unit);
    // Priced per N units (price unit > 1): UnitPrice is the price of N, said by PriceBasisQuantity.
    if (line.priceUnit > 1)
      detail
        .ele('PriceBasisQuantity', { quantity: String(line.priceUnit), conversionFactor: '1' })
        .ele('UnitOfMeasure')
        .txt(unit);
    classifications(detail, line);
    if (line.manufacturerPartNumber)
      detail.ele('ManufacturerPartID').txt(xmlSafe(singleLine(line.manufacturerPartNumber)));
    if (line.manufacturerCode) detail.ele('ManufacturerName').txt(xmlSafe(singleLine(line.manufacturerCode)));
    if (line.leadTimeDays !== null && line.leadTimeDays >= 0)
      detail.ele('LeadTime').txt(String(line.leadTimeDays));

    if (vatRate !== null) {
      const vat = amount(vatAmount(net, vatRate, currency));
      const rate = rateText(vatRate, 'en');
      const tax = item.ele('Tax');
      money(tax, currency, vat);
      tax.ele('Description', { 'xml:lang': lang }).txt(`VAT ${rate}%`);
      taxDetail(tax, currency, rate, amount(net), vat);
    }
  }
  return serialize(root);
}

/**
 * The xml:lang of a Description: the request's tag when the text is in its language (or its language
 * is not known: a name stored without one), else the text's own language ("en" in a "de-DE" session
 * whose product has only an English name).
 */
export function descriptionLang(requestLang: string, textLanguage: string | null): string {
  if (textLanguage === null) return requestLang;
  const primary = requestLang.toLowerCase().split('-')[0];
  return primary === textLanguage ? requestLang : textLanguage;
}

function credentials(party: XMLBuilder, list: readonly CxmlCredential[]): void {
  for (const credential of list)
    party
      .ele('Credential', { domain: xmlSafe(credential.domain) })
      .ele('Identity')
      .txt(xmlSafe(credential.identity));
}

function money(parent: XMLBuilder, currency: string, amount: string): void {
  parent.ele('Money', { currency }).txt(amount);
}

function taxDetail(tax: XMLBuilder, currency: string, rate: string, net: string, vat: string): void {
  const detail = tax.ele('TaxDetail', { category: 'vat', percentageRate: rate });
  money(detail.ele('TaxableAmount'), currency, net);
  money(detail.ele('TaxAmount'), currency, vat);
}

/** UNSPSC and eCl@ss where known. The DTD requires one Classification: an unknown UNSPSC is sent empty, never made up. */
function classifications(detail: XMLBuilder, line: CartLine): void {
  const unspsc = line.category?.schema === 'UNSPSC' ? line.category.id : line.materialGroup;
  const eclass = line.eclass ?? (line.category?.schema === 'ECLASS' ? line.category.id : null);
  if (unspsc || !eclass) detail.ele('Classification', { domain: 'UNSPSC' }).txt(xmlSafe(unspsc ?? ''));
  if (eclass) detail.ele('Classification', { domain: 'eCl@ss' }).txt(xmlSafe(eclass));
}

/**
 * The line's UN/ECE Rec. 20 unit, or the default: a code cut short would name another unit. PCE
 * ("piece", the catalog's unit for an offer that names none) is sent as the default (EA, "each"),
 * the unit cXML buyers' systems expect for pieces.
 */
function unitOf(unit: string, defaultUnit: string): string {
  const code = singleLine(unit).toUpperCase();
  return UNIT_CODE.test(code) && code !== CATALOG_PIECE_UNIT ? code : defaultUnit;
}

/** A received element written again as it came (names, attributes, text), escaped by the builder. */
function copyElement(parent: XMLBuilder, element: XmlElement): void {
  const copy = parent.ele(element.name, mapValues(element.attributes, xmlSafe));
  for (const child of element.children) {
    if (typeof child === 'string') {
      if (child.trim() !== '') copy.txt(xmlSafe(child));
    } else copyElement(copy, child);
  }
}

function mapValues(record: Record<string, string>, map: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
