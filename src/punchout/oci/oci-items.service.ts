import { Injectable } from '@nestjs/common';
import { Language } from '../../common/i18n/language';
import { AppConfig } from '../../config/app-config';
import { evaluateProduct, GuidanceRuleSpec } from '../../guidance/guidance-evaluator';
import { UserRateLimitService } from '../../rate-limit/user-rate-limit.service';
import { searchCost } from '../../search/search-cost';
import { parseSearchRequest, SEARCH_LIMITS } from '../../search/search-request.parser';
import { SearchService } from '../../search/search.service';
import type { OfferWithProduct } from '../../product/offer.repository';
import { offerFacts, cartLineOf } from '../core/catalog-offer';
import type { CartLine, ReturnField } from '../core/cart-line';
import { buildOciFields } from './oci-fields';
import { quantityProblem } from '../core/offer-pricing';
import { PunchoutCatalogReader } from '../core/punchout-catalog.reader';

/** BACKGROUND_SEARCH answers at most this many lines (one per product). */
export const BACKGROUND_SEARCH_MAX_LINES = 50;

export interface OciCaller {
  organizationId: string;
  userId: string;
  clientId: string;
}

/**
 * Catalog items as OCI lines outside a session: VALIDATE's one item and BACKGROUND_SEARCH's hits.
 * The fields come from the transfer's builder (buildOciFields over cartLineOf), the offers are judged
 * by the same guidance evaluator, and the search is the API's search.
 */
@Injectable()
export class OciItemsService {
  constructor(
    private readonly catalog: PunchoutCatalogReader,
    private readonly search: SearchService,
    private readonly rateLimits: UserRateLimitService,
    private readonly config: AppConfig,
  ) {}

  /**
   * VALIDATE: `quantity` of the product at its current price, from the best offer (buyer's order) that
   * no rule blocks and that allows that quantity; no line for an unknown, withdrawn or blocked product.
   * Rules are read fresh, as at transfer. The long text speaks the call-up's language.
   */
  async validate(
    organizationId: string,
    productId: string,
    quantity: number,
    language: Language,
  ): Promise<ReturnField[]> {
    const [offers, rules] = await Promise.all([
      this.catalog.offersWithProduct([productId], organizationId),
      this.catalog.currentRules(organizationId),
    ]);
    const line = this.lineOf(rules, offers, (offer) =>
      quantityProblem(offer, quantity) === null ? quantity : null,
    );
    return this.fields(line ? [line] : [], language);
  }

  /**
   * BACKGROUND_SEARCH: the API search for `searchString` under the organization's guidance (pages of
   * 24 until 50 products), charged to the caller's search limits page by page; per product its best
   * offer, products whose offers are all blocked left out. Every line is quantity 1 at the price of
   * one (the price search shows): a list to choose from, the buyer sets the quantity in SAP.
   */
  async backgroundSearch(
    caller: OciCaller,
    searchString: string,
    language: Language,
  ): Promise<ReturnField[]> {
    const ids: string[] = [];
    for (let page = 1; ids.length < BACKGROUND_SEARCH_MAX_LINES; page++) {
      const params = { query: searchString, page: String(page), pageSize: String(SEARCH_LIMITS.maxPageSize) };
      const prepaid = searchCost(params);
      await this.rateLimits.consume(caller, 'search', prepaid);
      const parsed = parseSearchRequest(params);
      if (!parsed.ok) break;
      const result = await this.search.search(parsed.request, caller, language, prepaid);
      ids.push(...result.data.filter((hit) => hit.blocked !== true).map((hit) => hit.id));
      if (
        result.data.length < SEARCH_LIMITS.maxPageSize ||
        page * SEARCH_LIMITS.maxPageSize >= result.count.value
      )
        break;
    }
    const wanted = ids.slice(0, BACKGROUND_SEARCH_MAX_LINES);
    if (wanted.length === 0) return [];
    const [offers, rules] = await Promise.all([
      this.catalog.offersWithProduct(wanted, caller.organizationId),
      this.catalog.cachedRules(caller.organizationId),
    ]);
    const byProduct = new Map<string, OfferWithProduct[]>();
    for (const offer of offers)
      byProduct.set(offer.productId, [...(byProduct.get(offer.productId) ?? []), offer]);
    const lines = wanted
      .map((id) => this.lineOf(rules, byProduct.get(id) ?? [], () => 1, { shownOnly: true }))
      .filter((line): line is CartLine => line !== null);
    return this.fields(lines, language);
  }

  /**
   * The line of the first offer, in the buyer's order (the order product details and search show),
   * that no rule blocks and for which `quantityFor` names a quantity; with `shownOnly`, only the offer
   * search shows for the product is considered.
   */
  private lineOf(
    rules: readonly GuidanceRuleSpec[],
    offers: readonly OfferWithProduct[],
    quantityFor: (offer: ReturnType<typeof offerFacts>) => number | null,
    options: { shownOnly?: boolean } = {},
  ): CartLine | null {
    const first = offers[0];
    if (!first) return null;
    const judged = evaluateProduct(
      rules,
      first.product,
      offers.map((offer) => ({ ...offerFacts(offer), source: offer })),
      this.config.marketplaceCurrency,
    );
    const candidates = options.shownOnly ? (judged.shown ? [judged.shown] : []) : judged.offers;
    for (const { offer, verdict } of candidates) {
      if (verdict.blocked) continue;
      const quantity = quantityFor(offer);
      if (quantity === null) continue;
      return cartLineOf(offer.source, quantity, this.config.punchout.defaultUnit);
    }
    return null;
  }

  private fields(lines: CartLine[], language: Language): ReturnField[] {
    return buildOciFields(lines, { defaultUnit: this.config.punchout.defaultUnit, language });
  }
}
