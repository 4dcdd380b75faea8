import Decimal from 'decimal.js';

/**
 * What checking an order against the punchout cart it came from finds: pure functions, no Nest, no
 * database. The order service gathers the facts (the transferred line a key names, the offer's
 * guidance verdict now, earlier orders of the line) and stores what these return with the order.
 */

/** Every finding, in the order they are listed to people. */
export const FINDING_CODES = [
  'blocked',
  'not_from_punchout',
  'price_changed',
  'quantity_changed',
  'unit_changed',
  'currency_changed',
  'stale_cart',
  'already_ordered',
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];

/** A line as the buyer's system ordered it. */
export interface OrderedLineFacts {
  /** The cart line key sent with it; null when none was. */
  cartLineKey: string | null;
  /** cXML `isAdHoc="yes"`: the buyer typed the line in. */
  adHoc: boolean;
  quantity: Decimal.Value;
  /** Price of `priceUnitQuantity` units. */
  unitPrice: Decimal.Value;
  priceUnitQuantity: number;
  currency: string;
  /** UN/ECE Rec. 20 code, when the order says. */
  unit: string | null;
}

/** The transferred cart line the key names, as it was transferred. */
export interface TransferredLineFacts {
  quantity: number;
  unitPrice: Decimal.Value;
  priceUnitQuantity: number;
  currency: string;
  /** The offer's unit; null when the offer has left the catalog. */
  unit: string | null;
  transferredAt: Date;
}

/** What the service found out about one ordered line. */
export interface LineFacts {
  ordered: OrderedLineFacts;
  /** The transferred line its key names within the sender's organization; undefined when none. */
  transferred: TransferredLineFacts | undefined;
  /** The line's offer is blocked for the organization now. */
  blockedNow: boolean;
  /** The transferred line is part of another order (another order id) already. */
  orderedBefore: boolean;
}

export interface FindingRules {
  /** ORDER_PRICE_TOLERANCE_PERCENT. */
  priceTolerancePercent: Decimal.Value;
  /** ORDER_CART_MAX_AGE_DAYS. */
  cartMaxAgeDays: number;
  /** When the order came in. */
  receivedAt: Date;
}

export interface Finding {
  code: FindingCode;
  /** The values compared (strings: money and quantities stay exact), for the console and the API. */
  detail: Record<string, string | number | boolean | null>;
}

const DAY_MS = 86_400_000;

/** The price of one unit (the stated price over its price unit), for comparing two price bases. */
function pricePerUnit(price: Decimal.Value, priceUnitQuantity: number): Decimal {
  return new Decimal(price).div(priceUnitQuantity);
}

/** The findings of one line, in FINDING_CODES order. */
export function lineFindings(facts: LineFacts, rules: FindingRules): Finding[] {
  const { ordered, transferred } = facts;
  const findings: Finding[] = [];
  if (facts.blockedNow) findings.push({ code: 'blocked', detail: {} });
  if (!transferred || ordered.adHoc || ordered.cartLineKey === null) {
    const why = ordered.adHoc ? 'ad_hoc' : ordered.cartLineKey === null ? 'no_key' : 'unknown_key';
    findings.push({ code: 'not_from_punchout', detail: { why } });
    return findings;
  }
  if (ordered.currency !== transferred.currency) {
    // Prices in two currencies are not compared: the currency finding says it all.
    findings.push({
      code: 'currency_changed',
      detail: { transferred: transferred.currency, ordered: ordered.currency },
    });
  } else {
    const was = pricePerUnit(transferred.unitPrice, transferred.priceUnitQuantity);
    const now = pricePerUnit(ordered.unitPrice, ordered.priceUnitQuantity);
    const allowed = was.abs().times(rules.priceTolerancePercent).div(100);
    if (now.minus(was).abs().greaterThan(allowed)) {
      findings.push({
        code: 'price_changed',
        detail: {
          transferred: new Decimal(transferred.unitPrice).toFixed(),
          transferredPriceUnit: transferred.priceUnitQuantity,
          ordered: new Decimal(ordered.unitPrice).toFixed(),
          orderedPriceUnit: ordered.priceUnitQuantity,
          currency: ordered.currency,
          changePercent: was.isZero()
            ? null
            : now.minus(was).div(was).times(100).toDecimalPlaces(2).toFixed(),
        },
      });
    }
  }
  if (!new Decimal(ordered.quantity).equals(transferred.quantity)) {
    findings.push({
      code: 'quantity_changed',
      detail: { transferred: String(transferred.quantity), ordered: new Decimal(ordered.quantity).toFixed() },
    });
  }
  if (ordered.unit !== null && transferred.unit !== null && ordered.unit !== transferred.unit) {
    findings.push({ code: 'unit_changed', detail: { transferred: transferred.unit, ordered: ordered.unit } });
  }
  const ageMs = rules.receivedAt.getTime() - transferred.transferredAt.getTime();
  if (ageMs > rules.cartMaxAgeDays * DAY_MS) {
    findings.push({
      code: 'stale_cart',
      detail: {
        transferredAt: transferred.transferredAt.toISOString(),
        ageDays: Math.floor(ageMs / DAY_MS),
        maxAgeDays: rules.cartMaxAgeDays,
      },
    });
  }
  if (facts.orderedBefore) findings.push({ code: 'already_ordered', detail: {} });
  return findings;
}

/** The order's codes: every line's, once each, in FINDING_CODES order. */
export function orderFindingCodes(lines: readonly (readonly Finding[])[]): FindingCode[] {
  const found = new Set(lines.flatMap((findings) => findings.map((finding) => finding.code)));
  return FINDING_CODES.filter((code) => found.has(code));
}
