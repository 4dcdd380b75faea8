import { Injectable } from '@nestjs/common';
import { AuditEventTypes } from '../../audit/audit-event';
import { cartLineKey, newCartKey } from '../../common/cart-line-key';
import { PrismaService } from '../../database/prisma.service';
import { CartItem, PunchoutSession } from '../../generated/prisma/client';
import { evaluateOffer } from '../../guidance/guidance-evaluator';
import { Money } from '../../catalog/vat';
import type { OfferRow } from '../../product/product.repository';
import type { OfferWithProduct } from '../../product/offer.repository';
import { offerFacts, cartLineOf } from './catalog-offer';
import type { CartLine } from './cart-line';
import { cartLinePrice, CartLinePrice, quantityBounds, quantityProblem, samePrice } from './offer-pricing';
import { PunchoutCatalogReader, RuleWithNote } from './punchout-catalog.reader';
import { PunchoutSessionsService, Tx } from './punchout-sessions.service';
import type { RevalidationChange } from './revalidation-change';
import type { SessionRef } from './session-start';
import { TransferredCartLinesService } from './transferred-cart-lines.service';

/** Why a cart change was refused, as data: the shop's pages word it in the buyer's language. */
export type CartProblem =
  | { code: 'offer_unknown' }
  | { code: 'offer_blocked'; vendor: string }
  | { code: 'other_currency'; vendor: string; currency: string; cartCurrency: string }
  | { code: 'not_in_cart' }
  | { code: 'not_a_number' }
  | { code: 'below_min'; min: number }
  | { code: 'above_max'; max: number }
  | { code: 'not_in_steps'; min: number; step: number };
import { cutText } from '../../common/text/cut-text';

/**
 * Why a cart change was refused (`status` is the page's HTTP status), or `closed` when the session
 * had ended (transferred, cancelled, expired, failed) by the time the change held its row lock: the
 * page then shows the session's outcome, as a second transfer does.
 */
export type CartRefusal = { status: number; problem: CartProblem } | { closed: true };

const CLOSED: CartRefusal = { closed: true };

/** A cart line with its offer as the catalog has it now (null once the offer left the catalog). */
export type CartRow = CartItem & { offer: OfferWithProduct | null };

/**
 * The cart of a session: adding (never a blocked offer, whatever is posted), changing quantities,
 * removing, its lines as stored, and the re-validation against the catalog and rules as they are at transfer.
 */
@Injectable()
export class PunchoutCartService {
  constructor(
    private readonly sessions: PunchoutSessionsService,
    private readonly catalog: PunchoutCatalogReader,
    private readonly prisma: PrismaService,
    private readonly transferred: TransferredCartLinesService,
  ) {}

  count(session: PunchoutSession): Promise<number> {
    return this.prisma.cartItem.count({ where: { sessionId: session.id } });
  }

  /** The session's lines, oldest first, each with its offer read through the catalog's reader. */
  async rows(session: Pick<PunchoutSession, 'id' | 'organizationId'>, tx?: Tx): Promise<CartRow[]> {
    const items = await (tx ?? this.prisma).cartItem.findMany({
      where: { sessionId: session.id },
      orderBy: { createdAt: 'asc' },
    });
    const offers = await this.catalog.offersById(
      items.flatMap((item) => (item.offerId ? [item.offerId] : [])),
      session.organizationId,
      tx,
    );
    return items.map((item) => ({ ...item, offer: (item.offerId && offers.get(item.offerId)) || null }));
  }

  /** A cart change under the session's lock (PunchoutSessionsService.withOpenSession); `closed` when it had ended. */
  private async changeOpen<T extends CartRefusal | null>(
    session: PunchoutSession,
    work: (tx: Tx) => Promise<T>,
  ): Promise<T | CartRefusal> {
    const done = await this.sessions.withOpenSession(session, work);
    return done.ended ? CLOSED : done.value;
  }

  /** Adds a quantity of an offer, or its least (to the line's quantity when it is in the cart already). */
  async add(
    session: PunchoutSession,
    offerId: string,
    wanted: number | 'least',
  ): Promise<CartRefusal | null> {
    const productId = await this.catalog.productIdOfOffer(offerId, session.organizationId);
    const product = productId ? await this.catalog.findProduct(productId, session.organizationId) : undefined;
    const offer = product?.offers.find((o) => o.id === offerId);
    if (!product || !offer) return { status: 404, problem: { code: 'offer_unknown' } };
    // "least": the offer's minimum order quantity (an add from the search results).
    const quantity = wanted === 'least' ? quantityBounds(offer).min : wanted;

    const rules = await this.catalog.cachedRules(session.organizationId);
    const verdict = evaluateOffer(rules, product, offer);
    if (verdict.blocked) {
      return this.changeOpen(session, async (tx): Promise<CartRefusal> => {
        await this.sessions.touch(session, tx);
        await this.sessions.record(tx, session, AuditEventTypes.punchoutOfferRefused, {
          via: 'add',
          offerId,
          productId: product.id,
          vendor: offer.vendor,
          quantity: Number.isSafeInteger(quantity) ? quantity : null,
          ruleIds: verdict.ruleIds,
        });
        return { status: 403, problem: { code: 'offer_blocked', vendor: offer.vendor } };
      });
    }

    // What is added must itself be a whole number of at least 1: "0" would change nothing but be recorded.
    if (!Number.isSafeInteger(quantity) || quantity < 1) return quantityRefusal(offer, quantity);

    return this.changeOpen(session, async (tx): Promise<CartRefusal | null> => {
      // Read under the session lock: a concurrent add of the same offer has committed or waits.
      const existing = await tx.cartItem.findUnique({
        where: { sessionId_offerId: { sessionId: session.id, offerId } },
      });
      // A cart is one currency (one cXML Total, one sum a buyer reads): another is refused here.
      const other = await tx.cartItem.findFirst({
        where: { sessionId: session.id, offerId: { not: null }, currency: { not: offer.currency } },
        select: { currency: true },
      });
      if (other)
        return {
          status: 409,
          problem: {
            code: 'other_currency',
            vendor: offer.vendor,
            currency: offer.currency,
            cartCurrency: other.currency,
          },
        };
      const total = (existing?.quantity ?? 0) + quantity;
      const problem = quantityRefusal(offer, total);
      if (problem) return problem;
      const price = cartLinePrice(offer, total);
      await tx.cartItem.upsert({
        where: { sessionId_offerId: { sessionId: session.id, offerId } },
        create: {
          sessionId: session.id,
          offerId,
          label: cutText(`${product.name}, ${offer.vendor}`, 500),
          quantity: total,
          ...price,
          vendor: cutText(offer.vendor, 200),
          preferred: verdict.preferred,
          ...catalogSourceOf(offer),
        },
        update: { quantity: total, ...price, preferred: verdict.preferred, ...catalogSourceOf(offer) },
      });
      await this.sessions.touch(session, tx);
      await this.sessions.record(tx, session, AuditEventTypes.punchoutCartChanged, {
        action: 'add',
        offerId,
        productId: product.id,
        quantity: total,
        ...pricePayload(price),
      });
      return null;
    });
  }

  /** Sets a line's quantity (its unit price follows the tier that applies). */
  async update(session: PunchoutSession, offerId: string, quantity: number): Promise<CartRefusal | null> {
    return this.changeOpen(session, async (tx): Promise<CartRefusal | null> => {
      const row = await tx.cartItem.findUnique({
        where: { sessionId_offerId: { sessionId: session.id, offerId } },
      });
      const current = row
        ? (await this.catalog.offersById([offerId], session.organizationId, tx)).get(offerId)
        : undefined;
      if (!row || !current) return { status: 404, problem: { code: 'not_in_cart' } };
      const offer = offerFacts(current);
      const problem = quantityRefusal(offer, quantity);
      if (problem) return problem;
      // The tier at the new quantity (a currency the offer changed to is re-validated at transfer).
      const price = cartLinePrice(offer, quantity);
      await tx.cartItem.update({
        where: { id: row.id },
        data: { quantity, ...price, ...catalogSourceOf(current) },
      });
      await this.sessions.touch(session, tx);
      await this.sessions.record(tx, session, AuditEventTypes.punchoutCartChanged, {
        action: 'update',
        offerId,
        productId: current.productId,
        quantity,
        previousQuantity: row.quantity,
        ...pricePayload(price),
      });
      return null;
    });
  }

  async remove(session: PunchoutSession, offerId: string): Promise<CartRefusal | null> {
    return this.changeOpen(session, async (tx): Promise<CartRefusal | null> => {
      const { count } = await tx.cartItem.deleteMany({ where: { sessionId: session.id, offerId } });
      if (count === 0) return { status: 404, problem: { code: 'not_in_cart' } };
      await this.sessions.touch(session, tx);
      await this.sessions.record(tx, session, AuditEventTypes.punchoutCartChanged, {
        action: 'remove',
        offerId,
      });
      return null;
    });
  }

  /**
   * A cart handed over when a session is created (cXML `edit`/`inspect`), checked as a transfer
   * checks one: an offer gone, blocked by a rule now (rules read fresh) or whose bounds exclude the
   * quantity is left out; the others go in at today's tier price, and a net unit price other than the
   * one the buyer's system holds is reported. Runs in the creating transaction; the changes are stored
   * as the session's `openingChanges` (the buyer's to see); answers the cart "as it came in".
   */
  async restore(
    tx: Tx,
    session: SessionRef,
    wanted: ReadonlyArray<{
      offer: OfferWithProduct | null;
      label: string;
      quantity: number;
      netPrice: string | null;
      /** The key of the transferred line of this organization the handed-over line names, if any. */
      orderKey: string | null;
    }>,
    defaultUnit: string,
  ): Promise<CartLine[]> {
    const rules: RuleWithNote[] = await this.catalog.currentRules(session.organizationId, tx);
    const changes: RevalidationChange[] = [];
    const lines: CartLine[] = [];
    const added = new Set<string>();
    for (const want of wanted) {
      const source = want.offer;
      if (!source || added.has(source.id)) {
        if (!source) changes.push({ code: 'offer_gone', label: want.label });
        continue;
      }
      const offer = offerFacts(source);
      const product = source.product;
      const verdict = evaluateOffer(rules, { ...product }, offer);
      if (verdict.blocked) {
        await this.sessions.record(tx, session, AuditEventTypes.punchoutOfferRefused, {
          via: 'setup',
          offerId: source.id,
          productId: product.id,
          vendor: offer.vendor,
          quantity: want.quantity,
          ruleIds: verdict.ruleIds,
        });
        changes.push({ code: 'blocked', name: product.name, vendor: offer.vendor });
        continue;
      }
      if (quantityProblem(offer, want.quantity) !== null) {
        const { min, max } = quantityBounds(offer);
        changes.push({ code: 'quantity_out_of_range', name: product.name, min, max });
        continue;
      }
      // A cart is one currency: the first line's; a line in another is left out, and said so.
      const cartCurrency = lines[0]?.currency;
      if (cartCurrency !== undefined && offer.currency !== cartCurrency) {
        changes.push({ code: 'other_currency', name: product.name, currency: offer.currency, cartCurrency });
        continue;
      }
      const price = cartLinePrice(offer, want.quantity);
      // The line as it came in keeps its key: cancel sends it back so, a transfer moves the key to it.
      const line = { ...cartLineOf(source, want.quantity, defaultUnit), orderKey: want.orderKey };
      if (want.netPrice !== null && !sameAmount(want.netPrice, price.unitPrice))
        changes.push({
          code: 'repriced',
          name: product.name,
          from: { amount: want.netPrice, currency: offer.currency },
          to: { amount: price.unitPrice, currency: offer.currency },
        });
      await tx.cartItem.create({
        data: {
          sessionId: session.id,
          offerId: source.id,
          label: cutText(`${product.name}, ${offer.vendor}`, 500),
          quantity: want.quantity,
          ...price,
          vendor: cutText(offer.vendor, 200),
          preferred: verdict.preferred,
          ...catalogSourceOf(source),
          carriedOrderKey: want.orderKey,
        },
      });
      await this.sessions.record(tx, session, AuditEventTypes.punchoutCartChanged, {
        action: 'add',
        via: 'setup',
        offerId: source.id,
        productId: product.id,
        quantity: want.quantity,
        ...pricePayload(price),
      });
      added.add(source.id);
      lines.push(line);
    }
    // What changed is the buyer's to see on the cart page (the session's openingChanges).
    if (changes.length > 0)
      await tx.punchoutSession.update({ where: { id: session.id }, data: { openingChanges: changes } });
    return lines;
  }

  /**
   * Transfer's check of every line against the database as it is now (in the caller's transaction):
   * the offer exists, no rule blocks it now (rules read fresh, not from the cache), the quantity is
   * within min/max, the price is the current tier price. Failing lines are removed, changed prices
   * updated; the buyer sees each change before anything is sent. Returns the lines to send when
   * nothing changed.
   */
  async revalidate(
    tx: Tx,
    session: PunchoutSession,
    defaultUnit: string,
  ): Promise<{ changes: RevalidationChange[]; lines: CartLine[]; empty: boolean }> {
    const rules: RuleWithNote[] = await this.catalog.currentRules(session.organizationId, tx);
    const rows = await this.rows(session, tx);
    const changes: RevalidationChange[] = [];
    const lines: CartLine[] = [];
    for (const row of rows) {
      if (!row.offer) {
        await tx.cartItem.delete({ where: { id: row.id } });
        await this.sessions.record(tx, session, AuditEventTypes.punchoutCartChanged, {
          action: 'remove',
          reason: 'offer_gone',
          label: row.label,
          quantity: row.quantity,
        });
        changes.push({ code: 'offer_gone', label: row.label });
        continue;
      }
      const offer = offerFacts(row.offer);
      const product = row.offer.product;
      const name = product.name;
      const verdict = evaluateOffer(rules, { ...product }, offer);
      const { min, max } = quantityBounds(offer);
      if (verdict.blocked) {
        await tx.cartItem.delete({ where: { id: row.id } });
        await this.sessions.record(tx, session, AuditEventTypes.punchoutOfferRefused, {
          via: 'transfer',
          offerId: row.offerId,
          productId: product.id,
          vendor: offer.vendor,
          quantity: row.quantity,
          ruleIds: verdict.ruleIds,
        });
        changes.push({ code: 'blocked', name, vendor: offer.vendor });
        continue;
      }
      if (quantityProblem(offer, row.quantity) !== null) {
        await tx.cartItem.delete({ where: { id: row.id } });
        await this.sessions.record(tx, session, AuditEventTypes.punchoutCartChanged, {
          action: 'remove',
          reason: 'quantity_out_of_range',
          offerId: row.offerId,
          quantity: row.quantity,
          quantityMin: min,
          quantityMax: offer.quantityMax,
        });
        changes.push({ code: 'quantity_out_of_range', name, min, max });
        continue;
      }
      // The figures count a line as preferred by the rules it was transferred under.
      if (row.preferred !== verdict.preferred) {
        await tx.cartItem.update({ where: { id: row.id }, data: { preferred: verdict.preferred } });
      }
      // A cart is one currency (the first line's): an offer that moved to another is taken out.
      const cartCurrency = lines[0]?.currency;
      if (cartCurrency !== undefined && offer.currency !== cartCurrency) {
        await tx.cartItem.delete({ where: { id: row.id } });
        await this.sessions.record(tx, session, AuditEventTypes.punchoutCartChanged, {
          action: 'remove',
          reason: 'other_currency',
          offerId: row.offerId,
          quantity: row.quantity,
          currency: offer.currency,
        });
        changes.push({ code: 'other_currency', name, currency: offer.currency, cartCurrency });
        continue;
      }
      const current = cartLinePrice(offer, row.quantity);
      const stored = {
        unitPrice: row.unitPrice.toString(),
        currency: row.currency,
        vatRate: row.vatRate?.toString() ?? null,
        priceUnitQuantity: row.priceUnitQuantity,
      };
      if (!samePrice(stored, current)) {
        await tx.cartItem.update({ where: { id: row.id }, data: { ...current, ...catalogSourceOf(offer) } });
        await this.sessions.record(tx, session, AuditEventTypes.punchoutCartChanged, {
          action: 'reprice',
          offerId: row.offerId,
          previousUnitPrice: stored.unitPrice,
          previousVatRate: stored.vatRate,
          ...pricePayload(current),
        });
        changes.push(
          sameAmount(stored.unitPrice, current.unitPrice) &&
            stored.currency === current.currency &&
            stored.priceUnitQuantity === current.priceUnitQuantity
            ? { code: 'vat_changed', name, from: stored.vatRate, to: current.vatRate }
            : {
                code: 'repriced',
                name,
                from: { amount: stored.unitPrice, currency: stored.currency },
                to: { amount: current.unitPrice, currency: current.currency },
              },
        );
        continue;
      }
      lines.push(cartLineOf(row.offer, row.quantity, defaultUnit));
    }
    return { changes, lines, empty: rows.length === 0 };
  }

  /**
   * Gives every line of a cart being sent its order key (src/common/cart-line-key.ts), in the
   * transfer's transaction: a line a cXML edit carried over from an earlier transfer of this
   * organization takes that line's key over (the earlier line gives it up: keys are unique, and the
   * buyer's system keeps one key per requisition line across edits, so an order naming it is checked
   * against the latest transfer); every other line gets a new key of this cart.
   */
  async issueOrderKeys(tx: Tx, session: PunchoutSession, lines: readonly CartLine[]): Promise<CartLine[]> {
    const rows = await tx.cartItem.findMany({
      where: { sessionId: session.id },
      select: { id: true, offerId: true, orderKey: true, carriedOrderKey: true },
    });
    const byOffer = new Map(rows.map((row) => [row.offerId, row]));
    const earlier = await this.transferred.byKeys(
      session.organizationId,
      rows.flatMap((row) => (row.carriedOrderKey ? [row.carriedOrderKey] : [])),
      tx,
    );
    const cart = newCartKey();
    const keyed = lines.map((line, index) => {
      const row = byOffer.get(line.offerId);
      if (!row) throw new Error(`cart line of offer ${line.offerId} is not in session ${session.publicId}`);
      const from = row.carriedOrderKey ? earlier.get(row.carriedOrderKey) : undefined;
      const taken = from && from.offerId === row.offerId ? from : undefined;
      const key = row.orderKey ?? taken?.orderKey ?? cartLineKey(cart, index + 1);
      return { row, taken, line: { ...line, orderKey: key } };
    });
    const released = keyed.flatMap(({ taken }) => (taken ? [taken.cartItemId] : []));
    if (released.length > 0)
      await tx.cartItem.updateMany({ where: { id: { in: released } }, data: { orderKey: null } });
    const ids = keyed.map(({ row }) => row.id);
    const keys = keyed.map(({ line }) => line.orderKey);
    // One statement for the whole cart (up to a few hundred lines).
    await tx.$executeRaw`
      UPDATE cart_item SET order_key = v.key
        FROM unnest(${ids}::uuid[], ${keys}::varchar[]) AS v(id, key)
       WHERE cart_item.id = v.id`;
    return keyed.map(({ line }) => line);
  }
}

/** A line's price as cart events record it: THE unit price (net), its currency, rate and price unit. */
function pricePayload(price: CartLinePrice): Record<string, unknown> {
  return {
    unitPrice: price.unitPrice,
    priceBasis: 'net',
    currency: price.currency,
    vatRate: price.vatRate,
    priceUnitQuantity: price.priceUnitQuantity,
  };
}

function sameAmount(a: string, b: string): boolean {
  return new Money(a).eq(b);
}

function quantityRefusal(offer: OfferRow, quantity: number): { status: number; problem: CartProblem } | null {
  const problem = quantityProblem(offer, quantity);
  if (problem === null) return null;
  const { min, max, step } = quantityBounds(offer);
  const refused: CartProblem =
    problem === 'not_a_number'
      ? { code: 'not_a_number' }
      : problem === 'below_min'
        ? { code: 'below_min', min }
        : problem === 'not_in_steps'
          ? { code: 'not_in_steps', min, step }
          : { code: 'above_max', max };
  return { status: 400, problem: refused };
}

/** Which supplier and catalog import a line's offer came from (recorded on the line for auditors). */
function catalogSourceOf(offer: { supplierId: string; importId: string | null }): {
  supplierId: string;
  importId: string | null;
} {
  return { supplierId: offer.supplierId, importId: offer.importId };
}
