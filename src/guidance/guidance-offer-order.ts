import { Prisma } from '../generated/prisma/client';
import type { OfferFacts } from './guidance-rule';

/**
 * The order a buyer expects of a product's offers, defined once with both forms side by side: the
 * in-memory comparator (product details, punchout) and the SQL ORDER BY (search's shown offer).
 * The first offer is the one a search result shows, and its price is the one search filters on.
 *
 * 1. buyable before blocked;
 * 2. in the marketplace currency before other currencies (prices of different currencies are not
 *    comparable, and search's price filter and facet are in the marketplace currency);
 * 3. preferred first;
 * 4. cheaper first, by net price (a gross quote is not dearer than the same net one);
 * 5. offer id (a stable order).
 */

export interface OfferVerdictFlags {
  preferred: boolean;
  blocked: boolean;
}

export interface JudgedOffer<T extends OfferFacts = OfferFacts> {
  offer: T;
  verdict: OfferVerdictFlags;
}

/** In memory. Without a currency, step 2 is skipped (callers that show no single price). */
export function buyerOrder(currency?: string): (a: JudgedOffer, b: JudgedOffer) => number {
  const foreign = (offer: OfferFacts) => Number(currency !== undefined && offer.currency !== currency);
  return (a, b) =>
    Number(a.verdict.blocked) - Number(b.verdict.blocked) ||
    foreign(a.offer) - foreign(b.offer) ||
    Number(b.verdict.preferred) - Number(a.verdict.preferred) ||
    Number(a.offer.netPrice) - Number(b.offer.netPrice) ||
    // Ids by code unit here, by byte (COLLATE "C") in SQL: the same order for the ids we store.
    (a.offer.id < b.offer.id ? -1 : a.offer.id > b.offer.id ? 1 : 0);
}

/**
 * In SQL, over offer row `o`, given the offer's guidance predicates; null when no rule could
 * match (PostgreSQL refuses a constant in ORDER BY, and it would order nothing).
 */
export function buyerOrderSql(
  offerBlocked: Prisma.Sql | null,
  offerPreferred: Prisma.Sql | null,
  currency: string,
): Prisma.Sql {
  const keys = [
    offerBlocked && Prisma.sql`(${offerBlocked}) ASC`,
    Prisma.sql`(o.currency <> ${currency}) ASC`,
    offerPreferred && Prisma.sql`(${offerPreferred}) DESC`,
    Prisma.sql`o.net_price ASC, o.id COLLATE "C" ASC`,
  ];
  return Prisma.join(
    keys.filter((key) => key !== null),
    ', ',
  );
}
